import { type Db, pgArray, queryRows } from "@sms/db";
import {
  API_SAFETY_DEFAULTS,
  API_SETTINGS_DEFAULTS,
  type ApiKeyKind,
  ipAllowed,
  MEMBER_ROLE,
} from "@sms/domain";
import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { ApiSettingsRow } from "../api-settings/index.ts";
import { API_CREDENTIAL_MAX_LENGTH, secretMatches } from "./credentials.ts";

export type CredentialKind = ApiKeyKind | "smpp";

/** What a public API caller presents (HTTP Basic for SMS, body fields for OTP). */
export interface ApiCallerCredentials<K extends CredentialKind = ApiKeyKind> {
  /** `smpp`: the SMPP server's bind (system_id and password, ADR 102). */
  kind: K;
  key: string;
  secret: string;
}

/** The organization's public-API limits (api_settings, or API_SAFETY_DEFAULTS without a row). */
export interface ApiCallerLimits {
  rateLimitPerSecond: number;
  pumpPrefixMax: number;
  pumpFreshKeyMax: number;
}

export type ApiCallerResult<K extends CredentialKind = ApiKeyKind> =
  | {
      ok: true;
      organizationId: number;
      keyKind: K;
      credentialId: number;
      /** When the pair was made (the pumping guard's "fresh key"). */
      keyCreatedAt: Date;
      /**
       * The organization lives on its free trial (ADR 32): its sends go one by one through the
       * acceptance that enforces the trial's limits, never through the group commit.
       */
      trialOnly: boolean;
      limits: ApiCallerLimits;
      /**
       * The organization's stored API settings row (null: none, the defaults), read by the same
       * query: the OTP API words its codes by it (api-settings' `apiSettingsOf`).
       */
      settings: ApiSettingsRow | null;
    }
  /**
   * Unknown key, a key of the other kind, or a wrong secret: one answer for all (401). `keyOwner`
   * is the key's organization when the key exists (for its request log only, ADR 92; never answered).
   */
  | { ok: false; failure: "invalid_credentials"; keyOwner: KeyOwner | null }
  /** The organization has a whitelist and the client address is not in it. */
  | { ok: false; failure: "ip_not_allowed"; ip: string; keyOwner: KeyOwner }
  /** Staff suspended the organization (spec §9 terms); it may not use its API keys until then. */
  | {
      ok: false;
      failure: "suspended";
      suspendedUntil: Date;
      suspensionReason: string | null;
      keyOwner: KeyOwner;
    }
  /**
   * No owner of the organization has a verified phone (ADR 32): keys made before the rule, or
   * an owner who left, must not send on an unproven account.
   */
  | { ok: false; failure: "owner_unverified"; keyOwner: KeyOwner };

/** The organization a presented key belongs to, and the key's kind. */
export interface KeyOwner {
  organizationId: number;
  keyKind: ApiKeyKind;
}

export interface VerifyApiCallerDeps {
  db: Db;
  /** config.apiKeyPepper. */
  pepper: string;
}

export interface VerifyApiCallerInput<K extends CredentialKind = ApiKeyKind> extends ApiCallerCredentials<K> {
  /** The client address as the trusted-proxy configuration computes it (request.ip). */
  ip: string;
  now?: Date;
}

/**
 * The public API's authentication (issue 14 points 1–2, ADR 20), in one database round trip:
 * the key's pair, its organization's suspension and whitelist. Checks in this order:
 * 1. the secret, in constant time; an unknown key is compared against a dummy hash so it costs the
 *    same as a wrong secret (no key enumeration by timing);
 * 2. the IP whitelist (empty: every address), before the suspension so an address outside the list
 *    learns nothing about the organization;
 * 3. the suspension;
 * 4. an owner of the organization has a verified phone (ADR 32).
 * The same query reads the organization's limits (rate limit, pumping guard) for the safety checks,
 * and its API settings row (the OTP API's texts and codes, ADR 107).
 */
export async function verifyApiCaller<K extends CredentialKind>(
  { db, pepper }: VerifyApiCallerDeps,
  input: VerifyApiCallerInput<K>,
): Promise<ApiCallerResult<K>> {
  const rows = usableKey(input) ? await loadCredentials(db, [input.key]) : new Map<string, CredentialRow>();
  return judge(pepper, input, rows.get(input.key) ?? null);
}

interface CredentialRow {
  id: number;
  organizationId: number;
  kind: string;
  key: string;
  secretHash: string;
  createdAt: Date;
  rateLimitPerSecond: number | null;
  pumpPrefixMax: number | null;
  pumpFreshKeyMax: number | null;
  suspendedUntil: Date | null;
  suspensionReason: string | null;
  whitelist: string[];
  ownerVerified: boolean;
  trialOnly: boolean;
  settings: ApiSettingsRow | null;
}

const usableKey = ({ key, secret }: ApiCallerCredentials<CredentialKind>): boolean =>
  typeof key === "string" &&
  typeof secret === "string" &&
  key.length > 0 &&
  key.length <= API_CREDENTIAL_MAX_LENGTH;

/** A timestamp as the driver answers it (drizzle's parsers leave it a string; PGlite may give a Date). */
const dateOf = (value: string | Date | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);

/**
 * The pairs of these keys with their organization's suspension, whitelist and limits: one query.
 * Its text is fixed (the keys one array parameter), so a lookup builds no query: drizzle's select
 * builder took a sizeable share of a public API call's CPU (ADR 112).
 */
async function loadCredentials(db: Db, keys: readonly string[]): Promise<Map<string, CredentialRow>> {
  const rows = await queryRows<{
    id: number;
    organization_id: number;
    kind: string;
    key: string;
    secret_hash: string;
    created_at: string | Date;
    suspended_until: string | Date | null;
    suspension_reason: string | null;
    whitelist: string[];
    owner_verified: boolean;
    trial_only: boolean;
    rate_limit_per_second: number | null;
    pump_prefix_max: number | null;
    pump_fresh_key_max: number | null;
    otp_sender: string | null;
    otp_language: string | null;
    otp_message_th: string | null;
    otp_message_en: string | null;
    otp_code_length: number | null;
    otp_valid_minutes: number | null;
    otp_resend: string | null;
    settings_updated_at: string | Date | null;
  }>(
    db,
    sql`select c.id, c.organization_id, c.kind, c.key, c.secret_hash, c.created_at,
               o.suspended_until, o.suspension_reason,
               coalesce((select array_agg(w.ip_address) from whitelist_ips w
                          where w.organization_id = c.organization_id), '{}') as whitelist,
               exists (select 1 from members mb join users u on u.id = mb.user_id
                        where mb.organization_id = c.organization_id and mb.role = ${MEMBER_ROLE.owner}
                          and u.phone_number_verified_at is not null) as owner_verified,
               (o.credit_trial_redeemed_at is not null and not exists (
                  select 1 from orders p
                   where p.organization_id = c.organization_id and p.status = 'approved' and not p.is_trial)) as trial_only,
               s.rate_limit_per_second, s.pump_prefix_max, s.pump_fresh_key_max,
               s.otp_sender, s.otp_language, s.otp_message_th, s.otp_message_en, s.otp_code_length,
               s.otp_valid_minutes, s.otp_resend, s.updated_at as settings_updated_at
          from api_credentials c
          join organizations o on o.id = c.organization_id
          left join api_settings s on s.organization_id = c.organization_id
         where c.key = any(${pgArray(keys)}::text[])`,
  );
  return new Map(
    rows.map((row) => {
      const settingsUpdatedAt = dateOf(row.settings_updated_at);
      const settings: ApiSettingsRow | null =
        settingsUpdatedAt === null
          ? null
          : {
              otpSender: row.otp_sender,
              otpLanguage: row.otp_language ?? API_SETTINGS_DEFAULTS.otp_language,
              otpMessageTh: row.otp_message_th,
              otpMessageEn: row.otp_message_en,
              otpCodeLength: row.otp_code_length ?? API_SETTINGS_DEFAULTS.otp_code_length,
              otpValidMinutes: row.otp_valid_minutes ?? API_SETTINGS_DEFAULTS.otp_valid_minutes,
              otpResend: row.otp_resend ?? API_SETTINGS_DEFAULTS.otp_resend,
              rateLimitPerSecond: row.rate_limit_per_second ?? API_SAFETY_DEFAULTS.rateLimitPerSecond,
              pumpPrefixMax: row.pump_prefix_max ?? API_SAFETY_DEFAULTS.pumpPrefixMax,
              pumpFreshKeyMax: row.pump_fresh_key_max ?? API_SAFETY_DEFAULTS.pumpFreshKeyMax,
              updatedAt: settingsUpdatedAt,
            };
      const credential: CredentialRow = {
        id: Number(row.id),
        organizationId: Number(row.organization_id),
        kind: row.kind,
        key: row.key,
        secretHash: row.secret_hash,
        createdAt: dateOf(row.created_at) as Date,
        rateLimitPerSecond: row.rate_limit_per_second,
        pumpPrefixMax: row.pump_prefix_max,
        pumpFreshKeyMax: row.pump_fresh_key_max,
        suspendedUntil: dateOf(row.suspended_until),
        suspensionReason: row.suspension_reason,
        whitelist: row.whitelist,
        ownerVerified: row.owner_verified,
        trialOnly: row.trial_only,
        settings,
      };
      return [row.key, credential];
    }),
  );
}

/** The checks of one caller against its key's row (null: no such key), in the documented order. */
function judge<K extends CredentialKind>(
  pepper: string,
  input: VerifyApiCallerInput<K>,
  found: CredentialRow | null,
): ApiCallerResult<K> {
  const { kind, secret, ip, now = new Date() } = input;
  const row = found && found.kind === kind ? found : null;
  // The request log knows the HTTP keys' callers only (an SMPP system_id is no API key).
  const keyOwner: KeyOwner | null =
    found && found.kind !== "smpp"
      ? { organizationId: found.organizationId, keyKind: found.kind as ApiKeyKind }
      : null;
  if (!secretMatches(pepper, row?.secretHash ?? null, typeof secret === "string" ? secret : "") || !row) {
    return { ok: false, failure: "invalid_credentials", keyOwner };
  }
  const owner: KeyOwner = {
    organizationId: row.organizationId,
    keyKind: kind === "smpp" ? "sms" : (kind as ApiKeyKind),
  };
  if (!ipAllowed(ip, row.whitelist)) return { ok: false, failure: "ip_not_allowed", ip, keyOwner: owner };
  if (row.suspendedUntil && row.suspendedUntil.getTime() > now.getTime()) {
    return {
      ok: false,
      failure: "suspended",
      suspendedUntil: row.suspendedUntil,
      suspensionReason: row.suspensionReason,
      keyOwner: owner,
    };
  }
  if (!row.ownerVerified) return { ok: false, failure: "owner_unverified", keyOwner: owner };
  return {
    ok: true,
    organizationId: row.organizationId,
    keyKind: kind,
    credentialId: row.id,
    keyCreatedAt: row.createdAt,
    trialOnly: row.trialOnly,
    settings: row.settings,
    limits: {
      rateLimitPerSecond: row.rateLimitPerSecond ?? API_SAFETY_DEFAULTS.rateLimitPerSecond,
      pumpPrefixMax: row.pumpPrefixMax ?? API_SAFETY_DEFAULTS.pumpPrefixMax,
      pumpFreshKeyMax: row.pumpFreshKeyMax ?? API_SAFETY_DEFAULTS.pumpFreshKeyMax,
    },
  };
}

/**
 * Coalesces the lookups of requests arriving together into one query (issue 14 point 7): every
 * request still reads its key's current row (a refreshed key, a new whitelist entry or a
 * suspension applies to the next request at once); concurrent requests just share the round trip.
 * At most MAX_KEYS_PER_LOOKUP keys per query.
 */
class CredentialLoader {
  private pending: {
    key: string;
    resolve: (row: CredentialRow | null) => void;
    reject: (e: unknown) => void;
  }[] = [];
  private scheduled = false;

  constructor(private readonly db: Db) {}

  load(key: string): Promise<CredentialRow | null> {
    return new Promise((resolve, reject) => {
      this.pending.push({ key, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.run());
      }
    });
  }

  private async run(): Promise<void> {
    this.scheduled = false;
    const waiting = this.pending;
    this.pending = [];
    for (let i = 0; i < waiting.length; i += MAX_KEYS_PER_LOOKUP) {
      const slice = waiting.slice(i, i + MAX_KEYS_PER_LOOKUP);
      try {
        const rows = await loadCredentials(this.db, [...new Set(slice.map((p) => p.key))]);
        for (const p of slice) p.resolve(rows.get(p.key) ?? null);
      } catch (error) {
        for (const p of slice) p.reject(error);
      }
    }
  }
}

const MAX_KEYS_PER_LOOKUP = 500;
const loaders = new WeakMap<Db, CredentialLoader>();

function loaderFor(db: Db): CredentialLoader {
  let loader = loaders.get(db);
  if (!loader) {
    loader = new CredentialLoader(db);
    loaders.set(db, loader);
  }
  return loader;
}

/**
 * verifyApiCaller for a Fastify request: the database and pepper of the app, and the client
 * address Fastify computed from TRUST_PROXY (a forged X-Forwarded-For from an untrusted peer is
 * ignored there, see trust-proxy.test.ts).
 */
export async function authenticateApiCaller(
  request: FastifyRequest,
  credentials: ApiCallerCredentials,
): Promise<ApiCallerResult> {
  const input = { ...credentials, ip: request.ip };
  const row = usableKey(input) ? await loaderFor(request.server.db).load(input.key) : null;
  return judge(request.server.config.apiKeyPepper, input, row);
}
