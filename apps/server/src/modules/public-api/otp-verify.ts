import { type Db, pgArray, queryRows } from "@sms/db";
import { type SQL, sql } from "drizzle-orm";
import { batchTimer } from "../sending/index.ts";
import { API_OTP_MAX_ATTEMPTS, pinDigest, tokenDigest } from "./otp-requests.ts";

export type VerifyOtpResult =
  | { ok: true }
  /** Wrong pin (the code stays pending, or became `failed` on this, the last allowed, attempt). */
  | { ok: false; failure: "code_invalid" }
  /** Past its minutes. */
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

/** The clock of a statement: the database's, or the one a test injects. */
const clock = (now: Date | undefined): SQL => (now ? sql`${now.toISOString()}::timestamptz` : sql`now()`);

interface Check {
  /** The check's place in its list. */
  ord: number;
  organizationId: number;
  tokenHash: string;
  pinHash: string;
}

/**
 * One round of checks whose tokens are all different: ONE statement locks the pending, unexpired
 * code of each check's token and organization in id order (so two batches checking the same
 * tokens take turns and never deadlock; a code a concurrent check changed meanwhile is re-read,
 * and skipped when it is no longer pending), then updates each: verified on the right pin, else one
 * more wrong check, failed at the last allowed one. Answers the new status by the check's place; a
 * check absent from the answer touched nothing.
 */
async function checkRound(db: Db, checks: readonly Check[], at: SQL): Promise<Map<number, string>> {
  const rows = await queryRows<{ ord: number; status: string }>(
    db,
    sql`
      with r as (
        select * from unnest(${pgArray(checks.map((c) => c.ord))}::int[],
                             ${pgArray(checks.map((c) => c.organizationId))}::int[],
                             ${pgArray(checks.map((c) => c.tokenHash))}::text[],
                             ${pgArray(checks.map((c) => c.pinHash))}::text[]) as r(ord, org, token_hash, pin_hash)
      ), locked as materialized (
        select o.id, r.ord, o.pin_hash = r.pin_hash as right_pin
          from r join api_otp_requests o on o.token_hash = r.token_hash and o.organization_id = r.org
         where o.status = 'pending' and o.expires_at > ${at}
         order by o.id
           for update of o
      )
      update api_otp_requests o
         set status = case when l.right_pin then 'verified'
                           when o.attempts + 1 >= ${API_OTP_MAX_ATTEMPTS} then 'failed'
                           else 'pending' end,
             attempts = case when l.right_pin then o.attempts else o.attempts + 1 end,
             verified_at = case when l.right_pin then ${at} else null end
        from locked l
       where o.id = l.id and o.status = 'pending'
      returning l.ord, o.status`,
  );
  return new Map(rows.map((row) => [Number(row.ord), row.status]));
}

/**
 * Why checks touched nothing, one statement: the newest code of each token in its organization.
 * Pending codes found past their time are marked expired (one statement).
 */
async function explainMisses(
  db: Db,
  checks: readonly Check[],
  at: SQL,
): Promise<Map<number, VerifyOtpResult>> {
  const rows = await queryRows<{ ord: number; id: string | number; status: string; expired: boolean }>(
    db,
    sql`
      select distinct on (r.ord) r.ord, o.id, o.status, o.expires_at <= ${at} as expired
        from unnest(${pgArray(checks.map((c) => c.ord))}::int[],
                    ${pgArray(checks.map((c) => c.organizationId))}::int[],
                    ${pgArray(checks.map((c) => c.tokenHash))}::text[]) as r(ord, org, token_hash)
        join api_otp_requests o on o.organization_id = r.org and o.token_hash = r.token_hash
       order by r.ord, o.id desc`,
  );
  const found = new Map(rows.map((row) => [Number(row.ord), row]));
  const expire = new Set<number>();
  const answers = new Map<number, VerifyOtpResult>();
  for (const check of checks) {
    const row = found.get(check.ord);
    let answer: VerifyOtpResult;
    if (!row || row.status === "verified") answer = { ok: false, failure: "token_invalid" };
    else if (row.status === "failed") answer = { ok: false, failure: "too_many_attempts" };
    else if (row.status === "expired" || row.expired) {
      if (row.status === "pending") expire.add(Number(row.id));
      answer = { ok: false, failure: "expired" };
    }
    // Pending and not expired, yet the update missed it: a concurrent check changed it; read as used.
    else answer = { ok: false, failure: "token_invalid" };
    answers.set(check.ord, answer);
  }
  if (expire.size > 0) {
    await db.execute(
      sql`update api_otp_requests set status = 'expired'
           where id = any(${pgArray([...expire])}::bigint[]) and status = 'pending'`,
    );
  }
  return answers;
}

/**
 * POST /api/v2/otp/verify for checks arriving together (ADR 107), answered in their order as if
 * made one after another: only a pending, unexpired code of the check's organization is touched,
 * and the row lock makes concurrent checks of one token take turns (the second sees the first's
 * outcome), so a code is verified at most once and the wrong checks are counted exactly. Checks of
 * one token in the same list go in successive rounds, in their order; usually one round, one
 * statement, for the whole list. Checks that touched nothing are explained together afterwards.
 */
export async function verifyOtps(
  db: Db,
  secret: string,
  inputs: readonly VerifyOtpInput[],
  now?: Date,
): Promise<VerifyOtpResult[]> {
  const at = clock(now);
  const results = new Map<number, VerifyOtpResult>();
  const missed: Check[] = [];
  let pending: Check[] = inputs.map((input, ord) => {
    const tokenHash = tokenDigest(input.token);
    return {
      ord,
      organizationId: input.organizationId,
      tokenHash,
      pinHash: pinDigest(secret, tokenHash, input.pin),
    };
  });
  while (pending.length > 0) {
    const seen = new Set<string>();
    const round: Check[] = [];
    const later: Check[] = [];
    for (const check of pending) {
      const key = `${check.organizationId} ${check.tokenHash}`;
      if (seen.has(key)) later.push(check);
      else {
        seen.add(key);
        round.push(check);
      }
    }
    const decided = await checkRound(db, round, at);
    for (const check of round) {
      const status = decided.get(check.ord);
      if (status === undefined) missed.push(check);
      else
        results.set(check.ord, status === "verified" ? { ok: true } : { ok: false, failure: "code_invalid" });
    }
    pending = later;
  }
  if (missed.length > 0)
    for (const [ord, answer] of await explainMisses(db, missed, at)) results.set(ord, answer);
  return inputs.map((_, ord) => results.get(ord) ?? { ok: false, failure: "token_invalid" });
}

/** One check (verifyOtps of one): the tests' entry, on their clock. */
export async function verifyOtp(db: Db, secret: string, input: VerifyOtpInput): Promise<VerifyOtpResult> {
  const [result] = await verifyOtps(db, secret, [input], input.now);
  return result ?? { ok: false, failure: "token_invalid" };
}

/** Checks in one list at most. */
const MAX_BATCH = 500;
/** Lists checked at once per process. */
const MAX_WRITERS = 2;

/**
 * Group commit for POST /api/v2/otp/verify (ADR 107): a check waits while MAX_WRITERS lists are
 * being checked, or while one is and fewer checks wait than the last list held (ADR 116), and then
 * goes with everything queued meanwhile, in one list (verifyOtps): one statement and one commit for
 * the lot instead of one per check. An idle process checks a lone request at once. A list that fails (the database gone) fails each of its checks.
 */
export class OtpVerifyBatcher {
  #queue: {
    input: VerifyOtpInput;
    resolve: (result: VerifyOtpResult) => void;
    reject: (error: unknown) => void;
  }[] = [];
  #writers = 0;
  #started = 0;
  /** The size of the newest list started. */
  #lastSize = 1;

  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  verify(input: VerifyOtpInput): Promise<VerifyOtpResult> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ input, resolve, reject });
      this.#flush();
    });
  }

  /** Lists started so far (tests). */
  get started(): number {
    return this.#started;
  }

  #flush(): void {
    if (this.#queue.length === 0 || this.#writers >= MAX_WRITERS) return;
    // Beside a list being checked, the next starts only once as many checks wait as the last list
    // held; fewer wait for that list's end (ADR 116): lone checks each paid a statement and a
    // commit (lists of p50 1–2, mean 13, in bench:api).
    if (this.#writers > 0 && this.#queue.length < Math.min(this.#lastSize, MAX_BATCH)) return;
    const batch = this.#queue.splice(0, MAX_BATCH);
    this.#lastSize = batch.length;
    this.#started += 1;
    const timer = batchTimer();
    const inFlight = this.#writers;
    this.#writers += 1;
    void verifyOtps(
      this.db,
      this.secret,
      batch.map((item) => item.input),
    )
      .then(
        (results) =>
          batch.forEach((item, i) => {
            const result = results[i];
            if (result) item.resolve(result);
            else item.reject(new Error("no verdict"));
          }),
        (error: unknown) => {
          for (const item of batch) item.reject(error);
        },
      )
      .finally(() => {
        timer?.mark("answered");
        timer?.done({ kind: "verify", size: batch.length, inFlight, queued: this.#queue.length });
        this.#writers -= 1;
        this.#flush();
      });
  }
}
