import { type Db, schema } from "@sms/db";
import { API_SAFETY_DEFAULTS, type ApiKeyKind, ipAllowed, MEMBER_ROLE } from "@sms/domain";
import { eq, inArray, sql } from "drizzle-orm";
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
      /**
       * The organization lives on its free trial (ADR 32): its sends go one by one through the
       * acceptance that enforces the trial's limits, never through the group commit.
       */
      trialOnly: boolean;
      limits: ApiCallerLimits;
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

export interface VerifyApiCallerInput extends ApiCallerCredentials {
  /** The client address as the trusted-proxy configuration computes it (request.ip). */
  ip: string;
  now?: Date;
}

const c = schema.apiCredentials;
const o = schema.organizations;
const w = schema.whitelistIps;
const s = schema.apiSettings;
const mb = schema.members;
const u = schema.users;

/**
 * The public API's authentication (issue 14 points 1–2, ADR 20), in one database round trip:
 * the key's pair, its organization's suspension and whitelist. Checks in this order:
 * 1. the secret, in constant time; an unknown key is compared against a dummy hash so it costs the
 *    same as a wrong secret (no key enumeration by timing);
 * 2. the IP whitelist (empty: every address), before the suspension so an address outside the list
 *    learns nothing about the organization;
 * 3. the suspension;
 * 4. an owner of the organization has a verified phone (ADR 32).
 * The same query reads the organization's limits (rate limit, pumping guard) for the safety checks.
 */
export async function verifyApiCaller(
  { db, pepper }: VerifyApiCallerDeps,
  input: VerifyApiCallerInput,
): Promise<ApiCallerResult> {
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
}

const usableKey = ({ key, secret }: ApiCallerCredentials): boolean =>
  typeof key === "string" &&
  typeof secret === "string" &&
  key.length > 0 &&
  key.length <= API_CREDENTIAL_MAX_LENGTH;

/** The pairs of these keys with their organization's suspension, whitelist and limits: one query. */
async function loadCredentials(db: Db, keys: readonly string[]): Promise<Map<string, CredentialRow>> {
  const rows = await db
    .select({
      id: c.id,
      organizationId: c.organizationId,
      kind: c.kind,
      key: c.key,
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
      ownerVerified: sql<boolean>`exists (select 1 from ${mb} join ${u} on ${u.id} = ${mb.userId}
        where ${mb.organizationId} = ${c.organizationId} and ${mb.role} = ${MEMBER_ROLE.owner}
          and ${u.phoneNumberVerifiedAt} is not null)`,
      trialOnly: sql<boolean>`(${o.creditTrialRedeemedAt} is not null and not exists (select 1 from ${schema.orders} p
        where p.organization_id = ${c.organizationId} and p.status = 'approved' and not p.is_trial))`,
    })
    .from(c)
    .innerJoin(o, eq(o.id, c.organizationId))
    .leftJoin(s, eq(s.organizationId, c.organizationId))
    .where(keys.length === 1 ? eq(c.key, keys[0] as string) : inArray(c.key, [...keys]));
  return new Map(rows.map((row) => [row.key, row]));
}

/** The checks of one caller against its key's row (null: no such key), in the documented order. */
function judge(pepper: string, input: VerifyApiCallerInput, found: CredentialRow | null): ApiCallerResult {
  const { kind, secret, ip, now = new Date() } = input;
  const row = found && found.kind === kind ? found : null;
  const keyOwner: KeyOwner | null = found
    ? { organizationId: found.organizationId, keyKind: found.kind as ApiKeyKind }
    : null;
  if (!secretMatches(pepper, row?.secretHash ?? null, typeof secret === "string" ? secret : "") || !row) {
    return { ok: false, failure: "invalid_credentials", keyOwner };
  }
  const owner = { organizationId: row.organizationId, keyKind: kind };
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
