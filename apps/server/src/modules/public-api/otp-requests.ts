import { createHash, createHmac, randomFillSync, randomInt } from "node:crypto";
import { type Db, pgArray, queryRows, schema, type Tx } from "@sms/db";
import { fillOtpMessage, type OtpLanguage, otpMessageTemplate } from "@sms/domain";
import { and, desc, eq, gt, type SQL, sql } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { seal, unseal } from "../../platform/seal.ts";
import { type EffectiveApiSettings, readApiSettings } from "../api-settings/index.ts";
import {
  ApiSendBatcher,
  type ApiSendInput,
  acceptApiSend,
  type BatchAdmission,
  type SendDeps,
} from "../sending/index.ts";

/** A code is checked at most this many times wrongly; then it is `failed` for good. */
export const API_OTP_MAX_ATTEMPTS = 5;
/** Codes per number per organization within API_OTP_SEND_WINDOW_SECONDS. */
export const API_OTP_SEND_LIMIT = 5;
export const API_OTP_SEND_WINDOW_SECONDS = 10 * 60;

const o = schema.apiOtpRequests;

const WINDOW = sql.raw(`interval '${API_OTP_SEND_WINDOW_SECONDS} seconds'`);

const REF_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function newRefno(): string {
  let ref = "";
  for (let i = 0; i < 6; i++) ref += REF_ALPHABET[randomInt(REF_ALPHABET.length)];
  return ref;
}

/** The token is 256 random bits: a plain digest is enough to find it and useless to a thief of the table. */
export const tokenDigest = (token: string): string => createHash("sha256").update(token).digest("hex");

/**
 * The pin is one of 10^6: keyed with the server's secret (the API-key pepper) and bound to its
 * token, so a leaked table cannot be brute-forced and equal pins of two codes do not look alike.
 */
export const pinDigest = (secret: string, tokenHash: string, pin: string): string =>
  createHmac("sha256", secret).update(`api-otp:${tokenHash}:${pin}`).digest("hex");

/** The clock of a statement: the database's, or the one a test injects. */
const clock = (now: Date | undefined): SQL => (now ? sql`${now.toISOString()}::timestamptz` : sql`now()`);

/**
 * Refuses a code when the number has had API_OTP_SEND_LIMIT codes within the window; nothing is
 * stored or charged. An AppError, so the group commit can refuse it alone (its admission hook).
 */
export class OtpQuotaExceeded extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super("RATE_LIMITED", {
      messageKey: "api_otp.too_many_requests",
      params: { seconds: retryAfterSeconds },
    });
  }
}

/**
 * The quota of each request, in arrival order, in one statement: null while its number has sends
 * left, counting the earlier requests of the list for the same number; otherwise the seconds until
 * the oldest code of the window leaves it. The caller holds the lock that serialises the codes of
 * these organizations (their balance rows, or the one-by-one path's lock): the count starts after
 * it was granted and has a lower bound only, so it sees every code committed before (ADR 87).
 * A request's own code row, when its batch stored it before locking (`storedId`, ADR 116), is not
 * one of the codes before it.
 */
export async function quotaWaits(
  tx: Db | Tx,
  requests: readonly { organizationId: number; msisdn: string; storedId?: number | undefined }[],
  now?: Date,
): Promise<(number | null)[]> {
  if (requests.length === 0) return [];
  const at = clock(now);
  const own = requests.flatMap((r) => (r.storedId === undefined ? [] : [r.storedId]));
  const rows = await queryRows<{ org: number; msisdn: string; n: number; wait: number | null }>(
    tx,
    sql`select k.org, k.msisdn, count(c.id)::int as n,
               ceil(extract(epoch from (min(c.created_at) + ${WINDOW} - ${at})))::int as wait
          from (select distinct u.org, u.msisdn
                  from unnest(${pgArray(requests.map((r) => r.organizationId))}::int[],
                              ${pgArray(requests.map((r) => r.msisdn))}::text[]) as u(org, msisdn)) as k
          left join api_otp_requests c
            on c.organization_id = k.org and c.msisdn = k.msisdn and c.created_at > ${at} - ${WINDOW}${
              own.length === 0 ? sql`` : sql` and c.id <> all(${pgArray(own)}::bigint[])`
            }
         group by k.org, k.msisdn`,
  );
  const keyOf = (org: number, msisdn: string) => `${org}:${msisdn}`;
  const counted = new Map(rows.map((r) => [keyOf(Number(r.org), r.msisdn), r]));
  const added = new Map<string, number>();
  return requests.map((r) => {
    const key = keyOf(r.organizationId, r.msisdn);
    const row = counted.get(key);
    const sent = (row?.n ?? 0) + (added.get(key) ?? 0);
    if (sent < API_OTP_SEND_LIMIT) {
      added.set(key, (added.get(key) ?? 0) + 1);
      return null;
    }
    return row && row.n > 0 ? Math.max(1, Number(row.wait ?? 1)) : API_OTP_SEND_WINDOW_SECONDS;
  });
}

export interface RequestOtpDeps extends SendDeps {
  /** The secret the pins are keyed with (config.apiKeyPepper). */
  secret: string;
  /** The shared default sender's name (config.otpSender). */
  defaultSender: string;
}

export interface RequestOtpInput {
  organizationId: number;
  /** A valid 66-form number. */
  msisdn: string;
  /** The request's `lang`; the organization's setting otherwise. */
  language?: OtpLanguage | undefined;
  /** The organization's settings when the caller has read them already. */
  settings?: EffectiveApiSettings;
  /**
   * More checks in the send's transaction, after the code row is stored (the public API's pumping
   * guard); a throw rolls the code and its charge back.
   */
  onAccepted?: ApiSendInput["onAccepted"];
  /** Tests' clock; the database's otherwise. */
  now?: Date;
}

export interface RequestedOtp {
  id: number;
  token: string;
  refno: string;
  /** Only for the caller that sends it (tests); never stored. */
  pin: string;
  messageId: number | null;
  credits: number;
}

/** A code made ready to send: its secrets, its text and sender, its validity. Never logged. */
export interface PreparedOtp {
  organizationId: number;
  msisdn: string;
  token: string;
  tokenHash: string;
  refno: string;
  pin: string;
  pinHash: string;
  message: string;
  sender: string;
  /** From the statement's clock; null when `expiresAt` is kept (the same code sent again). */
  validMinutes: number;
  expiresAt: Date | null;
  /** The token and pin sealed, kept when the resend setting sends again under the same token. */
  tokenSealed: string | null;
  pinSealed: string | null;
  /** A resend under the token of the number's pending code, which this send supersedes. */
  resend: boolean;
}

const TOKEN_PURPOSE = "api-otp-token";
const PIN_PURPOSE = "api-otp-pin";

const TOKEN_BYTES = 32;
/** CSPRNG bytes for 256 tokens, filled at once; each token's bytes are zeroed once taken. */
const tokenPool = Buffer.alloc(TOKEN_BYTES * 256);
let tokenOffset = tokenPool.length;

/**
 * A new token: 256 bits from the CSPRNG, base64url. Taken from a buffer filled 256 tokens at a
 * time (as node's randomUUID does): one randomBytes call per code was 2.6% of an OTP request's CPU
 * in bench:api's profile (ADR 112).
 */
export function newToken(): string {
  if (tokenOffset + TOKEN_BYTES > tokenPool.length) {
    randomFillSync(tokenPool);
    tokenOffset = 0;
  }
  const start = tokenOffset;
  tokenOffset += TOKEN_BYTES;
  const token = tokenPool.toString("base64url", start, tokenOffset);
  tokenPool.fill(0, start, tokenOffset);
  return token;
}

/** A pin of `length` digits from the CSPRNG (leading zeros kept). */
const newPin = (length: number): string => String(randomInt(0, 10 ** length)).padStart(length, "0");

/** The number's code still valid (pending, unexpired) that a resend may send again, if any. */
async function liveCode(db: Db, organizationId: number, msisdn: string, now: Date | undefined) {
  const at = clock(now);
  const [row] = await db
    .select({
      tokenSealed: o.tokenSealed,
      pinSealed: o.pinSealed,
      refno: o.refno,
      expiresAt: o.expiresAt,
      secondsLeft: sql<number>`ceil(extract(epoch from (${o.expiresAt} - ${at})))::int`,
    })
    .from(o)
    .where(
      and(
        eq(o.organizationId, organizationId),
        eq(o.msisdn, msisdn),
        eq(o.status, "pending"),
        gt(o.expiresAt, at),
        sql`${o.tokenSealed} is not null`,
      ),
    )
    .orderBy(desc(o.id))
    .limit(1);
  return row ?? null;
}

/**
 * The code a request sends, by the organization's settings (issue 28 point 4): `otp_code_length`
 * digits valid `otp_valid_minutes`, in its OTP text in the language asked for. With a resend
 * setting, a request for a number whose code is still valid keeps that code's token and refno and
 * sends the same code (`same_code`, its validity unchanged) or a new one (`new_code`, valid from
 * now). The shared default sender carries the platform's own wording only (ADR 32): an
 * organization's own text needs its own sender.
 */
export async function prepareOtp(
  deps: RequestOtpDeps,
  input: {
    organizationId: number;
    msisdn: string;
    language?: OtpLanguage | undefined;
    now?: Date | undefined;
  },
  settings: EffectiveApiSettings,
): Promise<PreparedOtp> {
  const mode = settings.otp_resend;
  const live = mode === "new" ? null : await liveCode(deps.db, input.organizationId, input.msisdn, input.now);
  const keepsCode = mode === "same_code" && live?.pinSealed != null;
  const resend = live?.tokenSealed != null && (mode === "new_code" || keepsCode);
  const token =
    resend && live?.tokenSealed ? unseal(deps.secret, TOKEN_PURPOSE, live.tokenSealed) : newToken();
  const tokenHash = tokenDigest(token);
  const refno = resend && live ? live.refno : newRefno();
  const pin =
    keepsCode && live?.pinSealed
      ? unseal(deps.secret, PIN_PURPOSE, live.pinSealed)
      : newPin(settings.otp_code_length);
  const validMinutes = settings.otp_valid_minutes;
  // The same code keeps its expiry: the text names the minutes it has left.
  const minutes = keepsCode && live ? Math.max(1, Math.ceil(Number(live.secondsLeft) / 60)) : validMinutes;
  const language = input.language ?? settings.otp_language;
  const worded = settings.otp_sender === null ? { otp_message_th: null, otp_message_en: null } : settings;
  return {
    organizationId: input.organizationId,
    msisdn: input.msisdn,
    token,
    tokenHash,
    refno,
    pin,
    pinHash: pinDigest(deps.secret, tokenHash, pin),
    message: fillOtpMessage(otpMessageTemplate(worded, language), { pin, refno, minutes }),
    sender: settings.otp_sender ?? deps.defaultSender,
    validMinutes,
    expiresAt: keepsCode && live ? live.expiresAt : null,
    tokenSealed: mode === "new" ? null : seal(deps.secret, TOKEN_PURPOSE, token),
    pinSealed: mode === "same_code" ? seal(deps.secret, PIN_PURPOSE, pin) : null,
    resend,
  };
}

/**
 * The code rows of sent codes, one statement, each with the SMS that carried it (messages is
 * partitioned: its id and created_at). Created at the statement's clock (or the test's), valid
 * for the code's minutes from then. Answers the rows' ids in the codes' order.
 */
async function storeCodes(
  tx: Tx,
  codes: readonly {
    code: PreparedOtp;
    message: { id: number; createdAt: Date; credits: number } | null;
  }[],
  now?: Date,
): Promise<number[]> {
  const at = clock(now);
  // A resend supersedes its token's pending row; its wrong checks carry over to the new one.
  const resent = codes.filter((c) => c.code.resend);
  const carried =
    resent.length === 0
      ? []
      : await queryRows<{ token_hash: string; attempts: number }>(
          tx,
          sql`update api_otp_requests p set status = 'resent'
                from unnest(${pgArray(resent.map((c) => c.code.organizationId))}::int[],
                            ${pgArray(resent.map((c) => c.code.tokenHash))}::text[]) as r(org, token_hash)
               where p.organization_id = r.org and p.token_hash = r.token_hash and p.status = 'pending'
              returning p.token_hash, p.attempts`,
        );
  const attempts = new Map(carried.map((r) => [r.token_hash, Number(r.attempts)]));
  const rows = await queryRows<{ id: string | number; token_hash: string }>(
    tx,
    sql`insert into api_otp_requests (organization_id, token_hash, msisdn, refno, pin_hash, message_id,
                                      message_created_at, credits, created_at, expires_at, attempts,
                                      token_sealed, pin_sealed)
        select u.org, u.token_hash, u.msisdn, u.refno, u.pin_hash, u.message_id, u.message_created_at,
               u.credits, ${at}, coalesce(u.expires_at, ${at} + make_interval(mins => u.minutes)),
               u.attempts, u.token_sealed, u.pin_sealed
          from unnest(${pgArray(codes.map((c) => c.code.organizationId))}::int[],
                      ${pgArray(codes.map((c) => c.code.tokenHash))}::text[],
                      ${pgArray(codes.map((c) => c.code.msisdn))}::text[],
                      ${pgArray(codes.map((c) => c.code.refno))}::text[],
                      ${pgArray(codes.map((c) => c.code.pinHash))}::text[],
                      ${pgArray(codes.map((c) => c.message?.id ?? null))}::bigint[],
                      ${pgArray(codes.map((c) => c.message?.createdAt.toISOString() ?? null))}::timestamptz[],
                      ${pgArray(codes.map((c) => c.message?.credits ?? 0))}::int[],
                      ${pgArray(codes.map((c) => c.code.validMinutes))}::int[],
                      ${pgArray(codes.map((c) => c.code.expiresAt?.toISOString() ?? null))}::timestamptz[],
                      ${pgArray(codes.map((c) => attempts.get(c.code.tokenHash) ?? 0))}::smallint[],
                      ${pgArray(codes.map((c) => c.code.tokenSealed))}::text[],
                      ${pgArray(codes.map((c) => c.code.pinSealed))}::text[])
               as u(org, token_hash, msisdn, refno, pin_hash, message_id, message_created_at, credits, minutes,
                    expires_at, attempts, token_sealed, pin_sealed)
        returning id, token_hash`,
  );
  const ids = new Map(rows.map((r) => [r.token_hash, Number(r.id)]));
  return codes.map((c) => ids.get(c.code.tokenHash) ?? 0);
}

/**
 * POST /api/v2/otp/request one by one, in its own send's transaction (acceptApiSend): a free-trial
 * organization's codes, whose limits the one acceptance enforces (ADR 32), as its SMS sends are.
 * The organization's balance row is locked before the number's quota is counted, in the ledger's
 * lock order, which is what the group commit holds while it counts (OtpRequestBatcher), so codes
 * of one number cannot race on either path. A refused send (quota, credits, sender) stores and
 * charges nothing, and a stored code always has its charged SMS.
 */
export async function requestOtp(deps: RequestOtpDeps, input: RequestOtpInput): Promise<RequestedOtp> {
  const { organizationId, msisdn, now } = input;
  // Cheap early answer; the authoritative check is repeated under the lock below.
  const [early] = await quotaWaits(deps.db, [{ organizationId, msisdn }], now);
  if (early !== null && early !== undefined) throw new OtpQuotaExceeded(early);

  const settings = input.settings ?? (await readApiSettings(deps.db, organizationId));
  const code = await prepareOtp(deps, input, settings);
  let stored: { id: number; messageId: number | null; credits: number } | undefined;
  await acceptApiSend(deps, {
    organizationId,
    numbers: [msisdn],
    message: code.message,
    sender: code.sender,
    trackLinks: false,
    tag: "OTP",
    type: "otp",
    onAccepted: async (tx, campaign, numbers) => {
      // The lock the debit's update takes anyway (not FOR UPDATE: this send's campaign row holds a
      // key-share lock on the organization, and two such sends would deadlock on FOR UPDATE).
      await tx.execute(sql`select 1 from organizations where id = ${organizationId} for no key update`);
      const [wait] = await quotaWaits(tx, [{ organizationId, msisdn }], now);
      if (wait !== null && wait !== undefined) throw new OtpQuotaExceeded(wait);
      const [sms] = await tx
        .select({ id: schema.messages.id, credits: schema.messages.credits })
        .from(schema.messages)
        .where(
          and(
            eq(schema.messages.campaignId, campaign.id),
            eq(schema.messages.createdAt, campaign.acceptedAt),
          ),
        )
        .limit(1);
      const message = sms ? { id: sms.id, createdAt: campaign.acceptedAt, credits: sms.credits } : null;
      const [id] = await storeCodes(tx, [{ code, message }], now);
      stored = { id: id ?? 0, messageId: message?.id ?? null, credits: message?.credits ?? 0 };
      await input.onAccepted?.(tx, campaign, numbers);
    },
  });
  if (!stored) throw new Error("the OTP row was not stored with its send");
  return { token: code.token, refno: code.refno, pin: code.pin, ...stored };
}

/** One request as the admission checks see it: its code and what the route knows of its caller. */
export interface OtpAdmissionRequest {
  organizationId: number;
  msisdn: string;
  code: PreparedOtp;
  /** The route's data about the caller (its safety limits). */
  caller: unknown;
  /**
   * The request's code row, when its batch stored it before the checks (store first, ADR 116):
   * the number's quota does not count it. Set by the batch's record hook.
   */
  storedId?: number;
}

/**
 * A check of the requests of a batch before they are accepted, in the batch's transaction with the
 * balances of their organizations locked and covered: answers, for each request in order, null to
 * let it through or the error it is refused with (stored and charged nothing). A check may write
 * for the requests it lets through (the pumping guard's counters); the next check sees only those.
 */
export type OtpAdmissionCheck = (
  tx: Tx,
  requests: readonly OtpAdmissionRequest[],
) => Promise<(AppError | null)[]>;

/** The number's quota of codes, as the one-by-one path checks it. */
export const otpQuotaCheck: OtpAdmissionCheck = async (tx, requests) =>
  (await quotaWaits(tx, requests)).map((wait) => (wait === null ? null : new OtpQuotaExceeded(wait)));

/**
 * Runs the checks in order over what the previous ones let through; the first refusal of a
 * request is its answer.
 */
async function admitInTurn(
  tx: Tx,
  checks: readonly OtpAdmissionCheck[],
  requests: readonly OtpAdmissionRequest[],
): Promise<(AppError | null)[]> {
  const verdicts: (AppError | null)[] = requests.map(() => null);
  for (const check of checks) {
    const open = requests.map((_, i) => i).filter((i) => verdicts[i] === null);
    if (open.length === 0) break;
    const answers = await check(
      tx,
      open.map((i) => requests[i] as OtpAdmissionRequest),
    );
    open.forEach((i, k) => {
      verdicts[i] = answers[k] ?? null;
    });
  }
  return verdicts;
}

/**
 * POST /api/v2/otp/request through the public API's group commit (ApiSendBatcher, ADR 27; ADR 96):
 * a code is accepted, charged, stored and queued in its batch's one transaction, like an SMS send.
 * Before anything is stored the batch holds its organizations' balance rows (the ledger's lock,
 * which also serialises every code of an organization), then `checks` decide each request in
 * arrival order (the number's quota first; the route adds the pumping guard). Right after the
 * messages, the kept codes' rows go in with one statement, so a stored code always has its charged
 * SMS and a refused or failed request stores and charges nothing.
 */
export class OtpRequestBatcher {
  private readonly batcher: ApiSendBatcher;
  /** Each request's code row id, set in its batch's transaction. */
  private readonly stored = new WeakMap<OtpAdmissionRequest, number>();

  constructor(
    private readonly deps: RequestOtpDeps,
    checks: readonly OtpAdmissionCheck[],
  ) {
    const admit: BatchAdmission = (tx, sends) =>
      admitInTurn(
        tx,
        checks,
        sends.map((s) => s.guard as OtpAdmissionRequest),
      );
    this.batcher = new ApiSendBatcher(deps, admit, async (tx, sends) => {
      const ids = await storeCodes(
        tx,
        sends.map((s) => {
          const m = s.messages[0];
          return {
            code: (s.guard as OtpAdmissionRequest).code,
            message: m ? { id: m.messageId, createdAt: s.campaign.acceptedAt, credits: m.credits } : null,
          };
        }),
      );
      sends.forEach((s, k) => {
        const request = s.guard as OtpAdmissionRequest;
        this.stored.set(request, ids[k] ?? 0);
        request.storedId = ids[k] ?? 0;
      });
    });
  }

  /** Sends a code to the number (a valid 66-form), refused alone with OtpQuotaExceeded or the send's errors. */
  async request(input: {
    organizationId: number;
    msisdn: string;
    language?: OtpLanguage | undefined;
    settings: EffectiveApiSettings;
    caller: unknown;
  }): Promise<RequestedOtp> {
    const code = await prepareOtp(this.deps, input, input.settings);
    const request: OtpAdmissionRequest = {
      organizationId: input.organizationId,
      msisdn: input.msisdn,
      code,
      caller: input.caller,
    };
    const sent = await this.batcher.submit({
      organizationId: input.organizationId,
      numbers: [input.msisdn],
      message: code.message,
      sender: code.sender,
      tag: "OTP",
      type: "otp",
      guard: request,
      // A resend marks its token's pending code resent: only under the balances' lock (ADR 116).
      checkFirst: code.resend,
    });
    const message = sent.messages[0];
    return {
      id: this.stored.get(request) ?? 0,
      token: code.token,
      refno: code.refno,
      pin: code.pin,
      messageId: message?.messageId ?? null,
      credits: message?.credits ?? 0,
    };
  }
}
