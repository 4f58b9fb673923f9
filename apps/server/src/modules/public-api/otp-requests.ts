import { createHash, createHmac, randomBytes, randomInt } from "node:crypto";
import { type Db, schema } from "@sms/db";
import { fillOtpMessage, OTP_VALID_MINUTES, type OtpLanguage, otpMessageTemplate } from "@sms/domain";
import { and, asc, eq, gt, type SQL, sql } from "drizzle-orm";
import { type EffectiveApiSettings, readApiSettings } from "../api-settings/index.ts";
import { type ApiSendInput, acceptApiSend, type SendDeps } from "../sending/index.ts";

/** A code is checked at most this many times wrongly; then it is `failed` for good. */
export const API_OTP_MAX_ATTEMPTS = 5;
/** Codes per number per organization within API_OTP_SEND_WINDOW_SECONDS. */
export const API_OTP_SEND_LIMIT = 5;
export const API_OTP_SEND_WINDOW_SECONDS = 10 * 60;
export const API_OTP_TTL_SECONDS = OTP_VALID_MINUTES * 60;

const o = schema.apiOtpRequests;
const m = schema.messages;

const WINDOW = sql.raw(`interval '${API_OTP_SEND_WINDOW_SECONDS} seconds'`);
const TTL = sql.raw(`interval '${API_OTP_TTL_SECONDS} seconds'`);

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

/** Thrown when the number has had API_OTP_SEND_LIMIT codes within the window; nothing is stored or charged. */
export class OtpQuotaExceeded extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("otp send quota exceeded");
  }
}

/** Seconds until the oldest code of the window leaves it, or null while the number has sends left. */
async function quotaWait(db: Db, organizationId: number, msisdn: string, now: Date | undefined) {
  const at = clock(now);
  const recent = await db
    .select({
      wait: sql<number>`ceil(extract(epoch from (${o.createdAt} + ${WINDOW} - ${at})))::int`,
    })
    .from(o)
    .where(
      and(
        eq(o.organizationId, organizationId),
        eq(o.msisdn, msisdn),
        gt(o.createdAt, sql`${at} - ${WINDOW}`),
      ),
    )
    .orderBy(asc(o.createdAt));
  if (recent.length < API_OTP_SEND_LIMIT) return null;
  return Math.max(1, Number(recent[0]?.wait ?? 1));
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

/**
 * POST /api/v2/otp/request: a 6-digit pin from the CSPRNG in the organization's OTP text, sent as
 * one message of type `otp` and charged like every API send (acceptApiSend). The code row is
 * inserted in the send's transaction, after the number's quota is checked under a lock, so a
 * refused send (quota, credits, sender) stores and charges nothing, and a stored code always has
 * its charged SMS.
 */
export async function requestOtp(deps: RequestOtpDeps, input: RequestOtpInput): Promise<RequestedOtp> {
  const { organizationId, msisdn, now } = input;
  // Cheap early answer; the authoritative check is repeated under the lock below.
  const early = await quotaWait(deps.db.db, organizationId, msisdn, now);
  if (early !== null) throw new OtpQuotaExceeded(early);

  const settings = input.settings ?? (await readApiSettings(deps.db.db, organizationId));
  const language = input.language ?? settings.otp_language;
  const pin = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const refno = newRefno();
  const token = randomBytes(32).toString("base64url");
  const tokenHash = tokenDigest(token);
  // The shared default sender carries the platform's own wording only (ADR 32): an organization's
  // own text needs its own sender.
  const worded = settings.otp_sender === null ? { otp_message_th: null, otp_message_en: null } : settings;
  const message = fillOtpMessage(otpMessageTemplate(worded, language), {
    pin,
    refno,
    minutes: OTP_VALID_MINUTES,
  });
  let stored: { id: number; messageId: number | null; credits: number } | undefined;
  await acceptApiSend(deps, {
    organizationId,
    numbers: [msisdn],
    message,
    sender: settings.otp_sender ?? deps.defaultSender,
    trackLinks: false,
    tag: "OTP",
    type: "otp",
    onAccepted: async (tx, campaign, numbers) => {
      // Serialises the codes of one number of one organization, so the quota cannot be raced.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api-otp:${organizationId}:${msisdn}`}))`);
      const wait = await quotaWait(tx, organizationId, msisdn, now);
      if (wait !== null) throw new OtpQuotaExceeded(wait);
      const [sms] = await tx
        .select({ id: m.id, credits: m.credits })
        .from(m)
        .where(and(eq(m.campaignId, campaign.id), eq(m.createdAt, campaign.acceptedAt)))
        .limit(1);
      const at = clock(now);
      const [row] = await tx
        .insert(o)
        .values({
          organizationId,
          tokenHash,
          msisdn,
          refno,
          pinHash: pinDigest(deps.secret, tokenHash, pin),
          messageId: sms?.id ?? null,
          messageCreatedAt: sms ? campaign.acceptedAt : null,
          credits: sms?.credits ?? 0,
          createdAt: at,
          expiresAt: sql`${at} + ${TTL}`,
        })
        .returning({ id: o.id, messageId: o.messageId, credits: o.credits });
      stored = row;
      await input.onAccepted?.(tx, campaign, numbers);
    },
  });
  if (!stored) throw new Error("the OTP row was not stored with its send");
  return { id: stored.id, token, refno, pin, messageId: stored.messageId, credits: stored.credits };
}

export type VerifyOtpResult =
  | { ok: true }
  /** Wrong pin (the code stays pending, or became `failed` on this, the last allowed, attempt). */
  | { ok: false; failure: "code_invalid" }
  /** Past its 5 minutes. */
  | { ok: false; failure: "expired" }
  /** Unknown token, another organization's, or already used. */
  | { ok: false; failure: "token_invalid" }
  /** Five wrong checks were made: every further check fails. */
  | { ok: false; failure: "too_many_attempts" };

export interface VerifyOtpInput {
  organizationId: number;
  token: string;
  pin: string;
  now?: Date;
}

/**
 * POST /api/v2/otp/verify. One conditional UPDATE decides: only a pending, unexpired code of this
 * organization is touched, and the row lock makes concurrent checks of one token take turns (the
 * second sees the first's outcome), so a code is verified at most once and the wrong checks are
 * counted exactly. A check that touched nothing reads the row to say why.
 */
export async function verifyOtp(db: Db, secret: string, input: VerifyOtpInput): Promise<VerifyOtpResult> {
  const tokenHash = tokenDigest(input.token);
  const pinHash = pinDigest(secret, tokenHash, input.pin);
  const at = clock(input.now);
  const right = sql`${o.pinHash} = ${pinHash}`;
  const [checked] = await db
    .update(o)
    .set({
      status: sql`case when ${right} then 'verified' when ${o.attempts} + 1 >= ${API_OTP_MAX_ATTEMPTS} then 'failed' else 'pending' end`,
      attempts: sql`case when ${right} then ${o.attempts} else ${o.attempts} + 1 end`,
      verifiedAt: sql`case when ${right} then ${at} else null end`,
    })
    .where(
      and(
        eq(o.organizationId, input.organizationId),
        eq(o.tokenHash, tokenHash),
        eq(o.status, "pending"),
        gt(o.expiresAt, at),
      ),
    )
    .returning({ status: o.status });
  if (checked) return checked.status === "verified" ? { ok: true } : { ok: false, failure: "code_invalid" };

  const [row] = await db
    .select({ id: o.id, status: o.status, expired: sql<boolean>`${o.expiresAt} <= ${at}` })
    .from(o)
    .where(and(eq(o.organizationId, input.organizationId), eq(o.tokenHash, tokenHash)))
    .limit(1);
  if (!row || row.status === "verified") return { ok: false, failure: "token_invalid" };
  if (row.status === "failed") return { ok: false, failure: "too_many_attempts" };
  if (row.status === "expired" || row.expired) {
    if (row.status === "pending") {
      await db
        .update(o)
        .set({ status: "expired" })
        .where(and(eq(o.id, row.id), eq(o.status, "pending")));
    }
    return { ok: false, failure: "expired" };
  }
  // Pending and not expired, yet the update missed it: a concurrent check changed it; read as used.
  return { ok: false, failure: "token_invalid" };
}
