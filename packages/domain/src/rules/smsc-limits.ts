/**
 * The limits of an SMSC connection's and a route's fields, apart from their contracts (no zod here):
 * the domain's catalogue variables name them (catalogue.ts, ADR 104), and the web loads those with
 * i18next before any page, so this module must stay this small.
 */

/** SMPP 3.4 field limits: system_id C-Octet 16, password 9, system_type 13 (with the NUL). */
export const SMPP_LIMITS = { systemId: 15, password: 8, systemType: 12 } as const;
export const SMSC_LIMITS = { binds: 32, window: 1000, tps: 10_000, priority: 999, name: 60 } as const;

export const SMSC_ROUTE_LIMITS = {
  name: 60,
  position: 9999,
  prefixes: 500,
  failover: 10,
  operator: 40,
  sender: 20,
  ranges: 5000,
} as const;
