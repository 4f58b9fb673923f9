import type { Db } from "@sms/db";
import { countSms } from "@sms/domain";
import { sql } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { pgErrorOf } from "../../platform/db-errors.ts";
import { pgArray, queryRows } from "../../platform/sql-rows.ts";
import { recordEntries } from "../credits/index.ts";
import { countQueuedSql, dispatchSends } from "../engine/index.ts";
import {
  assertOwnSender,
  findSendableSender,
  markSenderUsed,
  type SendableSender,
} from "../senders/index.ts";
import type { ApiSendInput, ApiSendResult } from "./accept-api-send.ts";

/** A batched send's answer: its send (campaign) id, messages and the balance right after it. */
export type BatchedApiSend = Omit<ApiSendResult, "campaign"> & { campaignId: number };

import { type SendDeps, scopeOf } from "./resolve-send.ts";

/**
 * A send the batch may refuse on its own after the balances are known (the public API's pumping
 * guard): answers, for each admitted send in order, null to keep it or the error to refuse it with.
 * It runs in the batch's transaction and may write (the guard's counters) for the sends it keeps.
 */
export type BatchAdmission = (
  tx: Db,
  sends: readonly { organizationId: number; numbers: readonly string[]; guard: unknown }[],
) => Promise<(AppError | null)[]>;

export interface ApiBatchSend extends Omit<ApiSendInput, "onAccepted" | "trackLinks" | "startAt"> {
  /** What the admission hook needs about the caller (the route's safety data). */
  guard?: unknown;
}

interface Resolved {
  input: ApiBatchSend;
  /** Set in the batch's transaction. */
  sender?: SendableSender;
  text: string;
  parts: number;
  resolve: (result: BatchedApiSend) => void;
  reject: (error: unknown) => void;
}

const MAX_BATCH = 500;
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

  constructor(
    private readonly deps: SendDeps,
    private readonly admit?: BatchAdmission,
  ) {}

  /** Waits for the send's batch (its sender is looked up there, once per name and organization). */
  submit(input: ApiBatchSend): Promise<BatchedApiSend> {
    return new Promise<BatchedApiSend>((resolve, reject) => {
      this.queue.push({ input, text: input.message, parts: countSms(input.message).parts, resolve, reject });
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
    const batch = this.queue.splice(0, MAX_BATCH);
    this.writers += 1;
    this.handedOff = false;
    const generation = ++this.generation;
    const handOff = () => {
      if (generation !== this.generation || this.handedOff) return;
      this.handedOff = true;
      this.flush();
    };
    void this.settle(batch, handOff)
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
  private async settle(batch: Resolved[], handOff: () => void): Promise<Outcome[]> {
    const attempt = { committing: false };
    try {
      return await this.write(batch, handOff, attempt);
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
  ): Promise<Outcome[]> {
    const acceptedAt = (this.deps.now ?? (() => new Date()))();
    const outcomes: (BatchedApiSend | AppError | null)[] = batch.map(() => null);
    await this.deps.db.db.transaction(async (tx) => {
      outcomes.fill(null);
      // 1. The senders, once per organization and name (as every send checks them: the shared
      //    default or the organization's own approved sender); a send whose sender fails is refused alone.
      const senders = new Map<string, SendableSender | AppError>();
      for (const item of batch) {
        const key = `${item.input.organizationId}\n${item.input.sender.trim().toLowerCase()}`;
        if (!senders.has(key)) {
          try {
            const scope = scopeOf(this.deps, {
              organizationId: item.input.organizationId,
              userId: null,
            }).with(tx);
            const sender = await findSendableSender(scope, item.input.sender);
            // Free text needs the organization's own sender (ADR 32); codes take the one-by-one path.
            if (item.input.type !== "otp") assertOwnSender(sender);
            senders.set(key, sender);
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            senders.set(key, error);
          }
        }
        const found = senders.get(key);
        if (found instanceof AppError) outcomes[batch.indexOf(item)] = found;
        else item.sender = found;
      }
      // 2. The organizations' balances, locked in id order (the ledger's own lock order), and
      //    campaign ids for every send of the batch (a refused send leaves a gap, as sequences do).
      const orgIds = [...new Set(batch.map((b) => b.input.organizationId))].sort((x, y) => x - y);
      const locked = await queryRows<{ id: number; credits: string | number; ids: (string | number)[] }>(
        tx,
        sql`select o.id, o.credits,
                   (select array_agg(nextval('campaigns_id_seq')) from generate_series(1, ${batch.length})) as ids
              from organizations o where o.id = any(${pgArray(orgIds)}::int[]) order by o.id for update`,
      );
      const balances = new Map(locked.map((r) => [r.id, Number(r.credits)]));
      const ids = (locked[0]?.ids ?? []).map(Number);
      // 2. Credits first, in arrival order; then the admission hook on what is left.
      const initial = new Map(balances);
      batch.forEach((item, i) => {
        if (outcomes[i] !== null) return;
        const needed = item.parts * item.input.numbers.length;
        const balance = balances.get(item.input.organizationId) ?? 0;
        if (needed > balance) {
          outcomes[i] = new AppError("INSUFFICIENT_CREDITS", { params: { needed, balance } });
          return;
        }
        balances.set(item.input.organizationId, balance - needed);
      });
      let kept = batch.map((_, i) => i).filter((i) => outcomes[i] === null);
      if (this.admit && kept.length > 0) {
        const verdicts = await this.admit(
          tx,
          kept.map((i) => {
            const item = batch[i] as Resolved;
            return {
              organizationId: item.input.organizationId,
              numbers: item.input.numbers,
              guard: item.input.guard,
            };
          }),
        );
        kept.forEach((i, k) => {
          const verdict = verdicts[k];
          if (verdict) outcomes[i] = verdict;
        });
        kept = kept.filter((i) => outcomes[i] === null);
      }
      if (kept.length === 0) {
        attempt.committing = true;
        return;
      }
      // 3. The campaigns, their messages and the rollups in one statement.
      const rows = kept.map((i, k) => {
        const item = batch[i] as Resolved;
        if (!item.sender) throw new Error("a kept send has its sender");
        return { item, sender: item.sender, index: i, id: ids[k] as number };
      });
      const at = acceptedAt.toISOString();
      const flat = rows.flatMap((r) =>
        r.item.input.numbers.map((number, seq) => ({
          org: r.item.input.organizationId,
          campaign: r.id,
          seq: seq + 1,
          type: r.item.input.type ?? "api",
          sender: r.sender.name,
          recipient: number,
          parts: r.item.parts,
        })),
      );
      const stored = await queryRows<{ id: string | number; campaign_id: string | number; seq: number }>(
        tx,
        sql`
        with sends as (
          insert into campaigns (id, organization_id, kind, purpose, name, sender_id, sender_name, text,
                                 manual_contacts, recipients, credits, status, chunk_size, accepted_at, callback_url)
          select u.id, u.org, 'api', 'general', u.name, u.sender_id, u.sender_name, u.text,
                 u.n, u.n, u.credits, 'queued', ${this.deps.chunkSize}, ${at}::timestamptz, u.callback_url
            from unnest(
              ${pgArray(rows.map((r) => r.id))}::bigint[],
              ${pgArray(rows.map((r) => r.item.input.organizationId))}::int[],
              ${pgArray(rows.map((r) => r.item.input.tag?.trim() || "API"))}::text[],
              ${pgArray(rows.map((r) => r.sender.id))}::int[],
              ${pgArray(rows.map((r) => r.sender.name))}::text[],
              ${pgArray(rows.map((r) => r.item.text))}::text[],
              ${pgArray(rows.map((r) => r.item.input.numbers.length))}::int[],
              ${pgArray(rows.map((r) => r.item.parts * r.item.input.numbers.length))}::bigint[],
              ${pgArray(rows.map((r) => r.item.input.callbackUrl ?? null))}::text[]
            ) as u(id, org, name, sender_id, sender_name, text, n, credits, callback_url)
        ),
        stored as (
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
      handOff();
      const messageIds = new Map(stored.map((m) => [`${m.campaign_id}:${m.seq}`, Number(m.id)]));
      // 4. The ledger: one debit per send (reference campaign:<id>), one statement.
      await recordEntries(
        tx,
        "used",
        rows.map((r) => ({
          organizationId: r.item.input.organizationId,
          credits: r.item.parts * r.item.input.numbers.length,
          memberId: null,
          userId: null,
          // An OTP is charged as an OTP, not as an API send (review D54).
          reason: r.item.input.type === "otp" ? "ledger.otp_send" : "ledger.api_send",
          reference: `campaign:${r.id}`,
        })),
      );
      // 5. Rollups and dispatch jobs; the organizations' own senders' last use.
      await dispatchSends(tx, this.deps.jobs, {
        countedQueued: true,
        acceptedAt,
        campaigns: rows.map((r) => ({ id: r.id, recipients: r.item.input.numbers.length })),
      });
      const ownSenders = [...new Set(rows.filter((r) => !r.sender.shared).map((r) => r.sender.id))];
      for (const senderId of ownSenders) await markSenderUsed(tx, senderId, acceptedAt);
      // The answers: balances after each kept send, in arrival order.
      const running = new Map(initial);
      for (const r of rows) {
        const org = r.item.input.organizationId;
        const spent = r.item.parts * r.item.input.numbers.length;
        const balance = (running.get(org) ?? 0) - spent;
        running.set(org, balance);
        outcomes[r.index] = {
          campaignId: r.id,
          messages: r.item.input.numbers.map((number, seq) => ({
            recipient: number,
            messageId: messageIds.get(`${r.id}:${seq + 1}`) ?? 0,
            credits: r.item.parts,
          })),
          balance,
        };
      }
      // From here a failure is the commit's: it may have committed, so it is never retried.
      attempt.committing = true;
    });
    return outcomes.map((o) => o ?? new AppError("INTERNAL"));
  }
}
