import { pgArray, queryRows, type Tx } from "@sms/db";
import { countSms } from "@sms/domain";
import { sql } from "drizzle-orm";
import { pgErrorOf } from "../../db-errors.ts";
import { AppError } from "../../errors.ts";
import { countQueuedSql } from "../engine/index.ts";
import type { SendableSender } from "../senders/index.ts";
import type { ApiSendInput, ApiSendResult } from "./accept-api-send.ts";
import { acceptSends, type PendingSend, type StoredSend, StoreFirstRefused } from "./accept-send.ts";
import { type BatchTimer, batchTimer } from "./batch-timings.ts";

/** A batched send's answer: its send (campaign) id, messages and the balance right after it. */
export type BatchedApiSend = Omit<ApiSendResult, "campaign"> & { campaignId: number };

import { resolveSend, type SendDeps } from "./resolve-send.ts";

/**
 * A send the batch may refuse on its own after the balances are known (the public API's pumping
 * guard): answers, for each admitted send in order, null to keep it or the error to refuse it with.
 * It runs in the batch's transaction and may write (the guard's counters) for the sends it keeps.
 */
export type BatchAdmission = (
  tx: Tx,
  sends: readonly { organizationId: number; numbers: readonly string[]; guard: unknown }[],
) => Promise<(AppError | null)[]>;

export interface ApiBatchSend extends Omit<ApiSendInput, "onAccepted" | "trackLinks" | "startAt"> {
  /** What the admission and record hooks need about the send (the route's safety data, an OTP's code). */
  guard?: unknown;
  /**
   * The record hook writes rows of this send that other transactions write too (an OTP resend
   * supersedes its token's pending code): its batch is accepted checked first, so those rows are
   * only touched under the balances' lock, as every batch touched them before ADR 116.
   */
  checkFirst?: boolean;
}

/**
 * Rows a batch's sends own besides their campaigns and messages (an OTP's code row), written in the
 * batch's transaction right after the messages, one call for the kept sends in arrival order. A throw
 * fails the batch as a statement of its own would (a data error is retried in halves).
 */
export type BatchRecord = (
  tx: Tx,
  sends: readonly {
    organizationId: number;
    guard: unknown;
    campaign: { id: number; acceptedAt: Date };
    messages: readonly { recipient: string; messageId: number; credits: number }[];
  }[],
) => Promise<void>;

interface Resolved {
  input: ApiBatchSend;
  /** Set in the batch's transaction. */
  sender?: SendableSender;
  text: string;
  parts: number;
  /** performance.now() when it was submitted (batch timings). */
  queuedAt: number;
  resolve: (result: BatchedApiSend) => void;
  reject: (error: unknown) => void;
}

const MAX_BATCH = 500;
/** Batches accepted checked first after one whose store-first attempt had a send refused. */
const CHECKED_FIRST_AFTER_REFUSAL = 8;
/** Batches written at once per process. */
const MAX_WRITERS = 2;

type Outcome = BatchedApiSend | Error;

/**
 * Database errors that one send's data can cause: a data exception (class 22: a NUL in a text,
 * a value out of range), an integrity constraint (23), a program limit (54: an index row too
 * large). A batch failing with one of them is retried in halves; any other failure (the database
 * gone, a bug) is every send's, and retrying it would only multiply the failed transactions.
 */
const isOneSendsFailure = (error: unknown): boolean => /^(22|23|54)/.test(pgErrorOf(error).code ?? "");

/**
 * Group commit for the public API's sends (issue 14 point 7, ADR 0027): sends arriving while a
 * batch is being written wait for the next one, and each batch is ONE transaction, whatever its
 * size: the balances of its organizations locked once, the campaigns and messages inserted with
 * one statement each, the ledger debits in one statement, and one dispatch job per 1,000 sends.
 * Each send still gets its own campaign, ledger entry (`campaign:<id>`) and answer, and is refused
 * alone (too few credits, the admission hook) without failing the others. One send per
 * organization row lock instead of one transaction per request is what lets one busy key pass
 * 1,500 requests a second.
 *
 * Sends with tracked links or an Idempotency-Key keep the one-by-one path (acceptApiSend).
 */
export class ApiSendBatcher {
  private queue: Resolved[] = [];
  private writers = 0;
  /** The newest batch being written has passed its hand-off point (or none is being written). */
  private handedOff = true;
  private generation = 0;
  /** Batches started so far (tests, timings). */
  get started(): number {
    return this.generation;
  }
  /** The size of the newest batch started. */
  private lastSize = 1;
  /** The next batches to accept checked first (after a store-first refusal). */
  private checkedFirst = 0;

  constructor(
    private readonly deps: SendDeps,
    private readonly admit?: BatchAdmission,
    private readonly record?: BatchRecord,
  ) {}

  /** Waits for the send's batch (its sender is looked up there, once per name and organization). */
  submit(input: ApiBatchSend): Promise<BatchedApiSend> {
    return new Promise<BatchedApiSend>((resolve, reject) => {
      this.queue.push({
        input,
        text: input.message,
        parts: countSms(input.message).parts,
        queuedAt: performance.now(),
        resolve,
        reject,
      });
      this.flush();
    });
  }

  /**
   * Starts the next batch when none is being written, or when the newest one has stored its
   * messages (its hand-off point): the next batch then opens its transaction and looks up its
   * senders while the first writes the ledger and commits, and waits for the balances' lock
   * only briefly. A batch takes everything queued when it starts, so each covers about one
   * writing cycle of arrivals; starting at once instead made batches of one send that held the
   * balances' lock for a whole cycle.
   */
  private flush(): void {
    if (this.queue.length === 0 || this.writers >= MAX_WRITERS || !this.handedOff) return;
    // Beside a batch being written, the next starts only once as many sends wait as the last batch
    // held; fewer wait for that batch's end (ADR 116): a small batch costs as many statements as a
    // full one, and on a busy machine those statements are what the sends wait for.
    if (this.writers > 0 && this.queue.length < Math.min(this.lastSize, MAX_BATCH)) return;
    const batch = this.queue.splice(0, MAX_BATCH);
    this.lastSize = batch.length;
    const timer = batchTimer();
    const inFlight = this.writers;
    this.writers += 1;
    this.handedOff = false;
    const generation = ++this.generation;
    const handOff = () => {
      timer?.mark("handoff");
      if (generation !== this.generation || this.handedOff) return;
      this.handedOff = true;
      this.flush();
    };
    void this.settle(batch, handOff, timer)
      .then(
        (outcomes) =>
          batch.forEach((item, i) => {
            const outcome = outcomes[i];
            if (outcome instanceof Error || outcome === undefined)
              item.reject(outcome ?? new Error("no outcome"));
            else item.resolve(outcome);
          }),
        (error) => {
          for (const item of batch) item.reject(error);
        },
      )
      .finally(() => {
        if (timer) {
          timer.mark("answered");
          const now = performance.now();
          const waits = batch.map((item) => now - item.queuedAt);
          timer.done({
            kind: batch.some((item) => item.input.type === "otp") ? "otp" : "sms",
            size: batch.length,
            inFlight,
            queued: this.queue.length,
            oldestMs: Math.round(Math.max(...waits) * 100) / 100,
          });
        }
        this.writers -= 1;
        if (generation === this.generation) this.handedOff = true;
        this.flush();
      });
  }

  /**
   * Writes a batch, and isolates a failure (review S4-8): when its transaction fails before the
   * commit, nothing of it is stored or charged, so its sends are written again in two halves, one
   * after the other (arrival order and balances stay as they were), down to the one send that fails
   * alone. One poisoned send among n costs about 2·log2(n) more transactions; the normal path stays
   * one transaction. A failure of the commit itself is not retried: it may have committed.
   */
  private async settle(
    batch: Resolved[],
    handOff: () => void,
    timer: BatchTimer | null = null,
  ): Promise<Outcome[]> {
    const attempt = { committing: false };
    try {
      return await this.write(batch, handOff, attempt, timer);
    } catch (error) {
      if (batch.length === 1 || attempt.committing || !isOneSendsFailure(error)) throw error;
      // The next batch need not wait for these retries.
      handOff();
      const half = Math.ceil(batch.length / 2);
      const outcomes: Outcome[] = [];
      for (const part of [batch.slice(0, half), batch.slice(half)]) {
        const settled = await this.settle(part, () => {}).catch((failure: unknown) =>
          part.map(() => (failure instanceof Error ? failure : new Error(String(failure)))),
        );
        outcomes.push(...settled);
      }
      return outcomes;
    }
  }

  private async write(
    batch: Resolved[],
    handOff: () => void,
    attempt: { committing: boolean },
    timer: BatchTimer | null,
  ): Promise<Outcome[]> {
    const acceptedAt = (this.deps.now ?? (() => new Date()))();
    const outcomes: (BatchedApiSend | AppError | null)[] = batch.map(() => null);
    // 1. The senders, once per organization, name and type, as every send resolves them (the
    //    organization's own approved sender; the shared default for codes only); a send whose
    //    sender fails is refused alone.
    const senders = new Map<string, SendableSender | AppError>();
    for (const [i, item] of batch.entries()) {
      const otpCode = item.input.type === "otp";
      const key = `${item.input.organizationId}\n${item.input.sender.trim().toLowerCase()}\n${otpCode}`;
      if (!senders.has(key)) {
        try {
          const resolved = await resolveSend(
            this.deps,
            { organizationId: item.input.organizationId, userId: null, memberId: null },
            { sender: item.input.sender, purpose: "general", message: item.text, otpCode },
          );
          if (!resolved.sender) throw new Error("an API send names its sender (checked by the contract)");
          senders.set(key, resolved.sender);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          senders.set(key, error);
        }
      }
      const found = senders.get(key);
      if (found instanceof AppError) outcomes[i] = found;
      else item.sender = found;
    }
    timer?.mark("senders");
    const open = batch.map((_, i) => i).filter((i) => outcomes[i] === null);
    if (open.length === 0) return outcomes.map((o) => o ?? new AppError("INTERNAL"));
    const items = open.map((i) => batch[i] as Resolved);
    const sends = items.map((item): PendingSend => {
      if (!item.sender) throw new Error("a resolved send has its sender");
      const n = item.input.numbers.length;
      return {
        organizationId: item.input.organizationId,
        userId: null,
        memberId: null,
        unit: {
          kind: "api",
          // An OTP is charged as an OTP, not as an API send (review D54).
          ...(item.input.type === "otp" ? { ledgerReason: "ledger.otp_send" } : {}),
          name: item.input.tag?.trim() || "API",
          purpose: "general",
          sender: item.sender,
          text: item.text,
          templateId: null,
          groupIds: [],
          manualContacts: n,
          fileName: null,
          invalid: 0,
          duplicates: 0,
          idempotencyKey: null,
          callbackUrl: item.input.callbackUrl ?? null,
          startAt: null,
        },
      };
    });
    // 2. One transaction: the campaigns, their messages, rollups and rows (`record`), the dispatch
    //    jobs, then the balances checked through the ledger in arrival order, the admission hook and
    //    the ledger (acceptSends, store first: ADR 116). When a send is refused there, the batch is
    //    accepted again checked first: the balances and admission before anything is stored, each
    //    refused send alone; and so are the next CHECKED_FIRST_AFTER_REFUSAL batches.
    const storeFirst = this.checkedFirst === 0 && !items.some((item) => item.input.checkFirst);
    if (this.checkedFirst > 0) this.checkedFirst -= 1;
    try {
      return await this.transact(
        outcomes,
        open,
        items,
        sends,
        acceptedAt,
        handOff,
        attempt,
        timer,
        storeFirst,
      );
    } catch (error) {
      if (!(error instanceof StoreFirstRefused)) throw error;
      this.checkedFirst = CHECKED_FIRST_AFTER_REFUSAL;
      timer?.mark("refused");
      return this.transact(outcomes, open, items, sends, acceptedAt, handOff, attempt, timer, false);
    }
  }

  private async transact(
    outcomes: (BatchedApiSend | AppError | null)[],
    open: readonly number[],
    items: readonly Resolved[],
    sends: readonly PendingSend[],
    acceptedAt: Date,
    handOff: () => void,
    attempt: { committing: boolean },
    timer: BatchTimer | null,
    storeFirst: boolean,
  ): Promise<Outcome[]> {
    const accepted = await this.deps.db.transaction(async (tx) => {
      timer?.mark("begun");
      const result = await acceptSends(tx, this.deps, {
        storeFirst,
        acceptedAt,
        sends,
        known: items.map((item) => ({
          recipients: item.input.numbers.length,
          credits: item.parts * item.input.numbers.length,
          empty: 0,
          duplicates: 0,
          suppressed: 0,
        })),
        ...(this.admit
          ? {
              admit: async (t: Tx, kept: readonly number[]) => {
                timer?.mark("locked");
                const verdicts = await this.admitted(t, items, kept);
                timer?.mark("admitted");
                return verdicts;
              },
            }
          : {}),
        store: async (t, campaigns) => {
          timer?.mark("campaigns");
          const stored = await insertApiMessages(t, items, campaigns);
          timer?.mark("messages");
          if (this.record) {
            await this.record(
              t,
              campaigns.map((c, k) => {
                const item = items[c.index] as Resolved;
                return {
                  organizationId: item.input.organizationId,
                  guard: item.input.guard,
                  campaign: { id: c.id, acceptedAt: c.acceptedAt },
                  messages: stored[k]?.messages ?? [],
                };
              }),
            );
          }
          timer?.mark("stored");
          return stored;
        },
        storeCountsQueued: true,
        grouped: true,
        onStored: handOff,
      });
      // From here a failure is the commit's: it may have committed, so it is never retried.
      attempt.committing = true;
      timer?.mark("published");
      return result;
    });
    timer?.mark("committed");
    accepted.forEach((outcome, k) => {
      const i = open[k] as number;
      outcomes[i] =
        "refused" in outcome
          ? outcome.refused
          : {
              campaignId: outcome.campaign.id,
              messages: outcome.stored.messages ?? [],
              balance: outcome.balanceAfter ?? 0,
            };
    });
    return outcomes.map((o) => o ?? new AppError("INTERNAL"));
  }

  private admitted(
    tx: Tx,
    items: readonly Resolved[],
    kept: readonly number[],
  ): Promise<(AppError | null)[]> {
    if (!this.admit) return Promise.resolve(kept.map(() => null));
    return this.admit(
      tx,
      kept.map((i) => {
        const item = items[i] as Resolved;
        return {
          organizationId: item.input.organizationId,
          numbers: item.input.numbers,
          guard: item.input.guard,
        };
      }),
    );
  }
}

/**
 * The messages of a group of API sends, one statement: one row per number (seq in the numbers'
 * order, the text as written, every part billed), counted into the engine's rollups by the same
 * statement (countQueuedSql); answers each send's messages with their ids.
 */
async function insertApiMessages(
  tx: Tx,
  sends: readonly Resolved[],
  campaigns: readonly { id: number; acceptedAt: Date; index: number }[],
): Promise<StoredSend[]> {
  const items = campaigns.map((c) => sends[c.index] as Resolved);
  const at = campaigns[0]?.acceptedAt.toISOString();
  const flat = items.flatMap((item, k) =>
    item.input.numbers.map((number, seq) => ({
      org: item.input.organizationId,
      campaign: campaigns[k]?.id as number,
      seq: seq + 1,
      type: item.input.type ?? "api",
      sender: item.sender?.name ?? "",
      recipient: number,
      parts: item.parts,
    })),
  );
  const stored = await queryRows<{ id: string | number; campaign_id: string | number; seq: number }>(
    tx,
    sql`
    with stored as (
      insert into messages (created_at, organization_id, campaign_id, seq, type, sender, recipient, billed_parts, credits)
      select ${at}::timestamptz, u.org, u.campaign, u.seq, u.type, u.sender, u.recipient, u.parts, u.parts
        from unnest(
          ${pgArray(flat.map((m) => m.org))}::int[],
          ${pgArray(flat.map((m) => m.campaign))}::bigint[],
          ${pgArray(flat.map((m) => m.seq))}::int[],
          ${pgArray(flat.map((m) => m.type))}::text[],
          ${pgArray(flat.map((m) => m.sender))}::text[],
          ${pgArray(flat.map((m) => m.recipient))}::text[],
          ${pgArray(flat.map((m) => m.parts))}::smallint[]
        ) as u(org, campaign, seq, type, sender, recipient, parts)
      returning id, campaign_id, seq, organization_id, created_at, type, credits
    ),
    counted as (${countQueuedSql(sql`stored`)})
    select id, campaign_id, seq from stored`,
  );
  const messageIds = new Map(stored.map((m) => [`${m.campaign_id}:${m.seq}`, Number(m.id)]));
  return items.map((item, k) => {
    const id = campaigns[k]?.id as number;
    const n = item.input.numbers.length;
    return {
      recipients: n,
      credits: item.parts * n,
      empty: 0,
      duplicates: 0,
      suppressed: 0,
      messages: item.input.numbers.map((number, seq) => ({
        recipient: number,
        messageId: messageIds.get(`${id}:${seq + 1}`) ?? 0,
        credits: item.parts,
      })),
    };
  });
}
