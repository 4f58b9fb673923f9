import { type Db, schema } from "@sms/db";
import { API_SAFETY_DEFAULTS, type ApiKeyKind, ipAllowed } from "@sms/domain";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { API_CREDENTIAL_MAX_LENGTH, secretMatches } from "./credentials.ts";

/** What a public API caller presents (HTTP Basic for SMS, body fields for OTP). */
export interface ApiCallerCredentials {
  kind: ApiKeyKind;
  key: string;
  secret: string;
}

/** The organization's public-API limits (api_settings, or API_SAFETY_DEFAULTS without a row). */
export interface ApiCallerLimits {
  rateLimitPerSecond: number;
  pumpPrefixMax: number;
  pumpFreshKeyMax: number;
}

export type ApiCallerResult =
  | {
      ok: true;
      organizationId: number;
      keyKind: ApiKeyKind;
      credentialId: number;
      /** When the pair was made (the pumping guard's "fresh key"). */
      keyCreatedAt: Date;
      limits: ApiCallerLimits;
    }
  /** Unknown key, a key of the other kind, or a wrong secret: one answer for all (401). */
  | { ok: false; failure: "invalid_credentials" }
  /** The organization has a whitelist and the client address is not in it. */
  | { ok: false; failure: "ip_not_allowed"; ip: string }
  /** Staff suspended the organization (spec §9 terms); it may not use its API keys until then. */
  | { ok: false; failure: "suspended"; suspendedUntil: Date; suspensionReason: string | null };

export interface VerifyApiCallerDeps {
  db: Db;
  /** config.apiKeyPepper. */
  pepper: string;
}

export interface VerifyApiCallerInput extends ApiCallerCredentials {
  /** The client address as the trusted-proxy configuration computes it (request.ip). */
  ip: string;
  now?: Date;
}

const c = schema.apiCredentials;
const o = schema.organizations;
const w = schema.whitelistIps;
const s = schema.apiSettings;

/**
 * The public API's authentication (issue 14 points 1–2, ADR 20), in one database round trip:
 * the key's pair, its organization's suspension and whitelist. Checks in this order:
 * 1. the secret, in constant time; an unknown key is compared against a dummy hash so it costs the
 *    same as a wrong secret (no key enumeration by timing);
 * 2. the IP whitelist (empty: every address), before the suspension so an address outside the list
 *    learns nothing about the organization;
 * 3. the suspension.
 * The same query reads the organization's limits (rate limit, pumping guard) for the safety checks.
 */
export async function verifyApiCaller(
  { db, pepper }: VerifyApiCallerDeps,
  { kind, key, secret, ip, now = new Date() }: VerifyApiCallerInput,
): Promise<ApiCallerResult> {
  const usable =
    typeof key === "string" &&
    typeof secret === "string" &&
    key.length > 0 &&
    key.length <= API_CREDENTIAL_MAX_LENGTH;
  const [row] = usable
    ? await db
        .select({
          id: c.id,
          organizationId: c.organizationId,
          secretHash: c.secretHash,
          createdAt: c.createdAt,
          rateLimitPerSecond: s.rateLimitPerSecond,
          pumpPrefixMax: s.pumpPrefixMax,
          pumpFreshKeyMax: s.pumpFreshKeyMax,
          suspendedUntil: o.suspendedUntil,
          suspensionReason: o.suspensionReason,
          whitelist: sql<
            string[]
          >`coalesce((select array_agg(${w.ipAddress}) from ${w} where ${w.organizationId} = ${c.organizationId}), '{}')`,
        })
        .from(c)
        .innerJoin(o, eq(o.id, c.organizationId))
        .leftJoin(s, eq(s.organizationId, c.organizationId))
        .where(and(eq(c.key, key), eq(c.kind, kind)))
        .limit(1)
    : [];
  if (!secretMatches(pepper, row?.secretHash ?? null, typeof secret === "string" ? secret : "") || !row) {
    return { ok: false, failure: "invalid_credentials" };
  }
  if (!ipAllowed(ip, row.whitelist)) return { ok: false, failure: "ip_not_allowed", ip };
  if (row.suspendedUntil && row.suspendedUntil.getTime() > now.getTime()) {
    return {
      ok: false,
      failure: "suspended",
      suspendedUntil: row.suspendedUntil,
      suspensionReason: row.suspensionReason,
    };
  }
  return {
    ok: true,
    organizationId: row.organizationId,
    keyKind: kind,
    credentialId: row.id,
    keyCreatedAt: row.createdAt,
    limits: {
      rateLimitPerSecond: row.rateLimitPerSecond ?? API_SAFETY_DEFAULTS.rateLimitPerSecond,
      pumpPrefixMax: row.pumpPrefixMax ?? API_SAFETY_DEFAULTS.pumpPrefixMax,
      pumpFreshKeyMax: row.pumpFreshKeyMax ?? API_SAFETY_DEFAULTS.pumpFreshKeyMax,
    },
  };
}

/**
 * verifyApiCaller for a Fastify request: the database and pepper of the app, and the client
 * address Fastify computed from TRUST_PROXY (a forged X-Forwarded-For from an untrusted peer is
 * ignored there, see trust-proxy.test.ts).
 */
export function authenticateApiCaller(
  request: FastifyRequest,
  credentials: ApiCallerCredentials,
): Promise<ApiCallerResult> {
  return verifyApiCaller(
    { db: request.server.db.db, pepper: request.server.config.apiKeyPepper },
    { ...credentials, ip: request.ip },
  );
}
