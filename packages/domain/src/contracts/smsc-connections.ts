import { z } from "zod";
import type smscConnectionTexts from "../../locales/en/smsc-connections.json";
import { SMPP_LIMITS, SMSC_LIMITS } from "../rules/smsc-limits.ts";
import { text } from "./text.ts";

/**
 * SMSC connections (issue 26 point 1, ADR 65): the back office adds, changes, enables and disables
 * the connections the engine sends through, with no restart. The password is write-only: answers
 * say only whether one is stored. Validation messages are i18n keys with their texts in
 * locales/<lang>/smsc-connections.json; the limits they name (rules/smsc-limits.ts) are catalogue
 * variables (catalogue.ts).
 */
export const SMSC_CONNECTION_KINDS = ["simulator", "smpp"] as const;
export type SmscConnectionKind = (typeof SMSC_CONNECTION_KINDS)[number];
/** How an SMSC writes its message ids (the server's gateway/smpp/message-id.ts reads each). */
export const SMSC_ID_FORMATS = ["text", "hex", "decimal"] as const;
export type SmscIdFormat = (typeof SMSC_ID_FORMATS)[number];

export { SMPP_LIMITS, SMSC_LIMITS };

/**
 * What SMS_GATEWAY and SMPP_* alone set on the environment's connection (ADR 65): staff change only
 * whether it is enabled and its order. The server refuses a change of any of them on that row.
 */
export const SMSC_ENV_MANAGED_FIELDS = [
  "name",
  "host",
  "port",
  "system_id",
  "password",
  "system_type",
  "binds",
  "window",
  "tps",
  "submit_id_format",
  "receipt_id_format",
] as const;
/** Every field of a connection's request: the ones an answer's problem may name (the back office's form). */
export const SMSC_CONNECTION_FIELDS = ["kind", "enabled", "priority", ...SMSC_ENV_MANAGED_FIELDS] as const;

type Key = keyof typeof smscConnectionTexts;
const k = (key: Key) => ({ message: key });

/** A connection's health as the sending processes last reported it, merged (issue 26 point 4, ADR 91). */
export const ZSmscConnectionHealth = z.object({
  /** up: takes work; down: taken out after bad batches; probing: its next batch tries it again. */
  state: z.enum(["up", "down", "probing"]),
  /** Bad batches in a row. */
  failures: z.number().int(),
  last_error: z.string().nullable(),
  down_since: z.string().nullable(),
  /** Messages handed to it per second in the last report's window. */
  per_second: z.number(),
  /** The share of those it did not take (not bound, throttled, no answer), 0–1. */
  not_taken_share: z.number(),
  /** Its binds at the report, bound of configured; null for a connection without binds (simulator). */
  binds: z.object({ bound: z.number().int(), configured: z.number().int() }).nullable(),
  /** Its queue depth at the report: submits waiting for a window, and written but not answered. */
  queued: z.number().int().nullable(),
  in_flight: z.number().int().nullable(),
  reported_at: z.string(),
  /** The sending processes whose fresh reports are merged here (ADR 91): traffic, binds and queues are their sums. */
  processes: z.number().int(),
});
export type TSmscConnectionHealth = z.infer<typeof ZSmscConnectionHealth>;

export const ZSmscConnection = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(SMSC_CONNECTION_KINDS),
  enabled: z.boolean(),
  priority: z.number().int(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  system_id: z.string().nullable(),
  /** Whether a password is stored (never the password); "env" when it stays in SMPP_PASSWORD. */
  password: z.enum(["none", "stored", "env"]),
  system_type: z.string(),
  binds: z.number().int(),
  window: z.number().int(),
  tps: z.number(),
  submit_id_format: z.enum(SMSC_ID_FORMATS),
  receipt_id_format: z.enum(SMSC_ID_FORMATS),
  /** Set by SMS_GATEWAY / SMPP_* (ADR 65): only enabled and the order can be changed. */
  from_env: z.boolean(),
  /** The one the engine sends through now: the first enabled connection by order. */
  active: z.boolean(),
  /** Null when no sending process reported in the last minute (nothing sent through it lately). */
  health: ZSmscConnectionHealth.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TSmscConnection = z.infer<typeof ZSmscConnection>;
export const ZSmscConnectionsResponse = z.object({
  data: z.object({
    entities: z.array(ZSmscConnection),
    /** Whether SMSC_SECRET_KEY is set: without it, SMPP passwords cannot be stored. */
    can_store_passwords: z.boolean(),
  }),
});
export type TSmscConnectionsResponse = z.infer<typeof ZSmscConnectionsResponse>;
export const ZSmscConnectionResponse = z.object({ data: ZSmscConnection });

/** A host name or an IP literal: letters, digits, dots, hyphens and IPv6 colons; no port, no space. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[?[0-9A-Fa-f:.]+\]?)$/;
/** Visible ASCII: what an SMPP C-Octet string may carry. */
const PRINTABLE = /^[\x21-\x7e]*$/;

const fields = {
  name: text(k("validation.smsc_name_required"))
    .trim()
    .min(1, k("validation.smsc_name_required"))
    .max(SMSC_LIMITS.name, k("validation.smsc_name_required")),
  kind: z.enum(SMSC_CONNECTION_KINDS, k("validation.smsc_kind_invalid")),
  enabled: z.boolean(),
  priority: z.coerce
    .number(k("validation.smsc_priority_invalid"))
    .int(k("validation.smsc_priority_invalid"))
    .min(0, k("validation.smsc_priority_invalid"))
    .max(SMSC_LIMITS.priority, k("validation.smsc_priority_invalid")),
  host: text(k("validation.smsc_host_invalid"))
    .trim()
    .max(253, k("validation.smsc_host_invalid"))
    .regex(HOST, k("validation.smsc_host_invalid"))
    .nullable(),
  port: z.coerce
    .number(k("validation.smsc_port_invalid"))
    .int(k("validation.smsc_port_invalid"))
    .min(1, k("validation.smsc_port_invalid"))
    .max(65_535, k("validation.smsc_port_invalid"))
    .nullable(),
  system_id: text(k("validation.smsc_system_id_invalid"))
    .trim()
    .min(1, k("validation.smsc_system_id_invalid"))
    .max(SMPP_LIMITS.systemId, k("validation.smsc_system_id_invalid"))
    .regex(PRINTABLE, k("validation.smsc_system_id_invalid"))
    .nullable(),
  /** Write-only. On a change, absent keeps the stored one. */
  password: text(k("validation.smsc_password_invalid"))
    .max(SMPP_LIMITS.password, k("validation.smsc_password_invalid"))
    .regex(PRINTABLE, k("validation.smsc_password_invalid")),
  system_type: text(k("validation.smsc_system_type_invalid"))
    .trim()
    .max(SMPP_LIMITS.systemType, k("validation.smsc_system_type_invalid"))
    .regex(PRINTABLE, k("validation.smsc_system_type_invalid")),
  binds: z.coerce
    .number(k("validation.smsc_binds_invalid"))
    .int(k("validation.smsc_binds_invalid"))
    .min(1, k("validation.smsc_binds_invalid"))
    .max(SMSC_LIMITS.binds, k("validation.smsc_binds_invalid")),
  window: z.coerce
    .number(k("validation.smsc_window_invalid"))
    .int(k("validation.smsc_window_invalid"))
    .min(1, k("validation.smsc_window_invalid"))
    .max(SMSC_LIMITS.window, k("validation.smsc_window_invalid")),
  tps: z.coerce
    .number(k("validation.smsc_tps_invalid"))
    .gt(0, k("validation.smsc_tps_invalid"))
    .max(SMSC_LIMITS.tps, k("validation.smsc_tps_invalid")),
  submit_id_format: z.enum(SMSC_ID_FORMATS, k("validation.smsc_id_format_invalid")),
  receipt_id_format: z.enum(SMSC_ID_FORMATS, k("validation.smsc_id_format_invalid")),
};

/** An SMPP connection needs its host, port and system id; a simulator has none of them. */
function smppNeeds(
  value: { kind?: SmscConnectionKind; host?: string | null; port?: number | null; system_id?: string | null },
  ctx: z.RefinementCtx,
) {
  if (value.kind !== "smpp") return;
  if (!value.host) ctx.addIssue({ code: "custom", path: ["host"], ...k("validation.smsc_host_invalid") });
  if (!value.port) ctx.addIssue({ code: "custom", path: ["port"], ...k("validation.smsc_port_invalid") });
  if (!value.system_id)
    ctx.addIssue({ code: "custom", path: ["system_id"], ...k("validation.smsc_system_id_invalid") });
}

/** POST /admin/smsc-connections. A new SMPP connection needs its password too. */
export const ZCreateSmscConnectionRequest = z
  .object({
    name: fields.name,
    kind: fields.kind,
    enabled: fields.enabled.default(true),
    priority: fields.priority.default(100),
    host: fields.host.default(null),
    port: fields.port.default(2775),
    system_id: fields.system_id.default(null),
    password: fields.password.optional(),
    system_type: fields.system_type.default(""),
    binds: fields.binds.default(1),
    window: fields.window.default(10),
    tps: fields.tps.default(50),
    submit_id_format: fields.submit_id_format.default("text"),
    receipt_id_format: fields.receipt_id_format.default("text"),
  })
  .superRefine((value, ctx) => {
    smppNeeds(value, ctx);
    if (value.kind === "smpp" && value.password === undefined)
      ctx.addIssue({ code: "custom", path: ["password"], ...k("validation.smsc_password_required") });
  });
export type TCreateSmscConnectionRequest = z.input<typeof ZCreateSmscConnectionRequest>;

/** PATCH /admin/smsc-connections/{id}: any of the fields; the kind stays what it was created as. */
export const ZUpdateSmscConnectionRequest = z.object({
  name: fields.name.optional(),
  enabled: fields.enabled.optional(),
  priority: fields.priority.optional(),
  host: fields.host.optional(),
  port: fields.port.optional(),
  system_id: fields.system_id.optional(),
  password: fields.password.optional(),
  system_type: fields.system_type.optional(),
  binds: fields.binds.optional(),
  window: fields.window.optional(),
  tps: fields.tps.optional(),
  submit_id_format: fields.submit_id_format.optional(),
  receipt_id_format: fields.receipt_id_format.optional(),
});
export type TUpdateSmscConnectionRequest = z.input<typeof ZUpdateSmscConnectionRequest>;

/** Re-checks a changed connection as a whole (the stored row merged with the change). */
export const ZSmscConnectionShape = z
  .object({
    kind: fields.kind,
    host: z.string().nullable(),
    port: z.number().nullable(),
    system_id: z.string().nullable(),
  })
  .superRefine(smppNeeds);
