import { z } from "zod";
import type smscRouteTexts from "../../locales/en/smsc-routes.json";
import { ROUTE_PREFIX, ROUTE_PURPOSES } from "../rules/routing.ts";
import { SMSC_ROUTE_LIMITS } from "../rules/smsc-limits.ts";
import { text } from "./text.ts";

/**
 * Routes and operator ranges (issue 26 point 2): staff order the rules that choose each message's
 * SMSC connection, and keep the operators' number ranges the rules may name. Validation messages are
 * i18n keys with their texts in locales/<lang>/smsc-routes.json; the limits they name
 * (rules/smsc-limits.ts) are catalogue variables (catalogue.ts).
 */
export { SMSC_ROUTE_LIMITS };

type Key = keyof typeof smscRouteTexts;
const k = (key: Key) => ({ message: key });

export const ZSmscRoute = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  enabled: z.boolean(),
  /** null: any purpose. */
  purposes: z.array(z.enum(ROUTE_PURPOSES)).nullable(),
  organization_id: z.number().int().nullable(),
  sender: z.string().nullable(),
  prefixes: z.array(z.string()).nullable(),
  operator: z.string().nullable(),
  connection_id: z.number().int(),
  failover: z.array(z.number().int()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TSmscRoute = z.infer<typeof ZSmscRoute>;
export const ZSmscRoutesResponse = z.object({ data: z.object({ entities: z.array(ZSmscRoute) }) });
export const ZSmscRouteResponse = z.object({ data: ZSmscRoute });

const prefix = z.string().trim().regex(ROUTE_PREFIX, k("validation.route_prefix_invalid"));

const fields = {
  name: text(k("validation.route_name_required"))
    .trim()
    .min(1, k("validation.route_name_required"))
    .max(SMSC_ROUTE_LIMITS.name, k("validation.route_name_required")),
  position: z.coerce
    .number(k("validation.route_position_invalid"))
    .int(k("validation.route_position_invalid"))
    .min(0, k("validation.route_position_invalid"))
    .max(SMSC_ROUTE_LIMITS.position, k("validation.route_position_invalid")),
  enabled: z.boolean(),
  purposes: z
    .array(
      z.enum(ROUTE_PURPOSES, k("validation.route_purposes_invalid")),
      k("validation.route_purposes_invalid"),
    )
    .min(1, k("validation.route_purposes_invalid"))
    .max(ROUTE_PURPOSES.length, k("validation.route_purposes_invalid"))
    .transform((purposes) => [...new Set(purposes)])
    .nullable(),
  organization_id: z.number().int().positive().nullable(),
  sender: text(k("validation.route_sender_invalid"))
    .trim()
    .min(1, k("validation.route_sender_invalid"))
    .max(SMSC_ROUTE_LIMITS.sender, k("validation.route_sender_invalid"))
    .nullable(),
  prefixes: z
    .array(prefix, k("validation.route_prefix_invalid"))
    .min(1, k("validation.route_prefix_invalid"))
    .max(SMSC_ROUTE_LIMITS.prefixes, k("validation.route_prefix_invalid"))
    .transform((prefixes) => [...new Set(prefixes)])
    .nullable(),
  operator: text(k("validation.route_operator_invalid"))
    .trim()
    .min(1, k("validation.route_operator_invalid"))
    .max(SMSC_ROUTE_LIMITS.operator, k("validation.route_operator_invalid"))
    .nullable(),
  connection_id: z.number(k("validation.route_connection_invalid")).int().positive(),
  failover: z
    .array(z.number().int().positive(), k("validation.route_failover_invalid"))
    .max(SMSC_ROUTE_LIMITS.failover, k("validation.route_failover_invalid")),
};

/** POST /admin/smsc-routes: a condition left out (or null) matches anything. */
export const ZCreateSmscRouteRequest = z.object({
  name: fields.name,
  position: fields.position,
  enabled: fields.enabled.default(true),
  purposes: fields.purposes.default(null),
  organization_id: fields.organization_id.default(null),
  sender: fields.sender.default(null),
  prefixes: fields.prefixes.default(null),
  operator: fields.operator.default(null),
  connection_id: fields.connection_id,
  failover: fields.failover.default([]),
});
export type TCreateSmscRouteRequest = z.input<typeof ZCreateSmscRouteRequest>;

/** PATCH /admin/smsc-routes/{id}: any of the fields. */
export const ZUpdateSmscRouteRequest = z.object({
  name: fields.name.optional(),
  position: fields.position.optional(),
  enabled: fields.enabled.optional(),
  purposes: fields.purposes.optional(),
  organization_id: fields.organization_id.optional(),
  sender: fields.sender.optional(),
  prefixes: fields.prefixes.optional(),
  operator: fields.operator.optional(),
  connection_id: fields.connection_id.optional(),
  failover: fields.failover.optional(),
});
export type TUpdateSmscRouteRequest = z.input<typeof ZUpdateSmscRouteRequest>;

export const ZOperatorRange = z.object({
  prefix,
  operator: text(k("validation.operator_ranges_invalid"))
    .trim()
    .min(1, k("validation.operator_ranges_invalid"))
    .max(SMSC_ROUTE_LIMITS.operator, k("validation.operator_ranges_invalid")),
});
export type TOperatorRange = z.infer<typeof ZOperatorRange>;
export const ZOperatorRangesResponse = z.object({ data: z.object({ entities: z.array(ZOperatorRange) }) });

/** PUT /admin/operator-ranges: the whole list, replacing what is stored. */
export const ZReplaceOperatorRangesRequest = z.object({
  ranges: z
    .array(ZOperatorRange, k("validation.operator_ranges_invalid"))
    .max(SMSC_ROUTE_LIMITS.ranges, k("validation.operator_ranges_invalid"))
    .refine(
      (ranges) => new Set(ranges.map((r) => r.prefix)).size === ranges.length,
      k("validation.operator_ranges_invalid"),
    ),
});

/**
 * GET /admin/messages/{id}: one message as staff see it when a customer asks where it went (issue 26
 * point 2): its route decision, its gateway ids and its status. No text: an OTP's code stays secret.
 */
export const ZStaffMessage = z.object({
  id: z.number().int(),
  created_at: z.string(),
  organization: z.object({ id: z.number().int(), name: z.string() }),
  campaign: z.object({ id: z.number().int(), name: z.string(), purpose: z.string() }),
  type: z.string(),
  sender: z.string(),
  recipient: z.string(),
  status: z.string(),
  state: z.number().int(),
  code: z.string().nullable(),
  submit_state: z.string(),
  billed_parts: z.number().int(),
  wire_parts: z.number().int().nullable(),
  submitted_at: z.string().nullable(),
  done_at: z.string().nullable(),
  /** The connection it was handed to; null before its submit. */
  connection: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  /** The rule that chose it; null when none did (the connections' order) or before its submit. */
  route: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  /** The gateway's id for each accepted wire part. */
  parts: z.array(z.object({ part: z.number().int(), gateway_id: z.string() })),
});
export type TStaffMessage = z.infer<typeof ZStaffMessage>;
export const ZStaffMessageResponse = z.object({ data: ZStaffMessage });
