import type { Db } from "@sms/db";
import { countSms } from "@sms/domain";
import { sql } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { pgArray, queryRows } from "../../platform/sql-rows.ts";
import { recordEntries } from "../credits/index.ts";
import { dispatchSends } from "../engine/index.ts";
import { markSenderUsed, type SendableSender } from "../senders/index.ts";
import type { ApiSendInput, ApiSendResult } from "./accept-api-send.ts";

/** A batched send's answer: its send (campaign) id, messages and the balance right after it. */
export type BatchedApiSend = Omit<ApiSendResult, "campaign"> & { campaignId: number };

import { resolveSend, type SendDeps } from "./resolve-send.ts";

/**
 * A send the batch may refuse on its own after the balances are known (the public API's pumping
 * guard): answers, for each admitted send in order, null to keep it or the error to refuse it with.
 * It runs in the batch's transaction and may write (the guard's counters) for the sends it keeps.
 */
export type BatchAdmission = (
  tx: Db,
  sends: readonly { organizationId: number; numbers: readonly string[]; guard: unknown }[],
) => Promise<(AppError | null)[]>;

export interface ApiBatchSend extends Omit<ApiSendInput, "onAccepted" | "trackLinks"> {
  /** What the admission hook needs about the caller (the route's safety data). */
  guard?: unknown;
}

interface Resolved {
  input: ApiBatchSend;
  sender: SendableSender;
  text: string;
  parts: number;
  resolve: (result: BatchedApiSend) => void;
  reject: (error: unknown) => void;
}

const MAX_BATCH = 500;

/**
 * Group commit for the public API's sends (issue 14 point 7, ADR 0023): sends arriving while a
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
  private flushing = false;

  constructor(
    private readonly deps: SendDeps,
    private readonly admit?: BatchAdmission,
  ) {}

  /** Resolves the sender (per request, concurrently), then waits for its batch. */
  async submit(input: ApiBatchSend): Promise<BatchedApiSend> {
    const actor = { organizationId: input.organizationId, userId: null, memberId: null };
    const resolved = await resolveSend(this.deps, actor, {
      sender: input.sender,
      purpose: "general",
      message: input.message,
    });
    if (!resolved.sender) throw new Error("an API send names its sender (checked by the contract)");
    const sender = resolved.sender;
    return new Promise<BatchedApiSend>((resolve, reject) => {
      this.queue.push({
        input,
        sender,
        text: resolved.text,
        parts: countSms(resolved.text).parts,
        resolve,
        reject,
      });
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        try {
          const outcomes = await this.write(batch);
          batch.forEach((item, i) => {
            const outcome = outcomes[i];
            if (outcome instanceof Error || outcome === undefined)
              item.reject(outcome ?? new Error("no outcome"));
            else item.resolve(outcome);
          });
        } catch (error) {
          for (const item of batch) item.reject(error);
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  private async write(batch: Resolved[]): Promise<(BatchedApiSend | AppError)[]> {
    const acceptedAt = (this.deps.now ?? (() => new Date()))();
    const outcomes: (BatchedApiSend | AppError | null)[] = batch.map(() => null);
    await this.deps.db.db.transaction(async (tx) => {
      outcomes.fill(null);
      // 1. The organizations' balances, locked in id order (the ledger's own lock order).
      const orgIds = [...new Set(batch.map((b) => b.input.organizationId))].sort((x, y) => x - y);
      const balances = new Map(
        (
          await queryRows<{ id: number; credits: string | number }>(
            tx,
            sql`select id, credits from organizations where id = any(${pgArray(orgIds)}::int[]) order by id for update`,
          )
        ).map((r) => [r.id, Number(r.credits)]),
      );
      // 2. Credits first, in arrival order; then the admission hook on what is left.
      const initial = new Map(balances);
      batch.forEach((item, i) => {
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
      if (kept.length === 0) return;
      // 3. Campaign ids, then the campaigns and messages with one statement each.
      const ids = (
        await queryRows<{ id: string | number }>(
          tx,
          sql`select nextval('campaigns_id_seq') as id from generate_series(1, ${kept.length})`,
        )
      ).map((r) => Number(r.id));
      const rows = kept.map((i, k) => ({ item: batch[i] as Resolved, index: i, id: ids[k] as number }));
      const at = acceptedAt.toISOString();
      await tx.execute(sql`
        insert into campaigns (id, organization_id, kind, purpose, name, sender_id, sender_name, text,
                               manual_contacts, recipients, credits, status, chunk_size, accepted_at, callback_url)
        select u.id, u.org, 'api', 'general', u.name, u.sender_id, u.sender_name, u.text,
               u.n, u.n, u.credits, 'queued', ${this.deps.chunkSize}, ${at}::timestamptz, u.callback_url
          from unnest(
            ${pgArray(rows.map((r) => r.id))}::bigint[],
            ${pgArray(rows.map((r) => r.item.input.organizationId))}::int[],
            ${pgArray(rows.map((r) => r.item.input.tag?.trim() || "API"))}::text[],
            ${pgArray(rows.map((r) => r.item.sender.id))}::int[],
            ${pgArray(rows.map((r) => r.item.sender.name))}::text[],
            ${pgArray(rows.map((r) => r.item.text))}::text[],
            ${pgArray(rows.map((r) => r.item.input.numbers.length))}::int[],
            ${pgArray(rows.map((r) => r.item.parts * r.item.input.numbers.length))}::bigint[],
            ${pgArray(rows.map((r) => r.item.input.callbackUrl ?? null))}::text[]
          ) as u(id, org, name, sender_id, sender_name, text, n, credits, callback_url)`);
      const flat = rows.flatMap((r) =>
        r.item.input.numbers.map((number, seq) => ({
          org: r.item.input.organizationId,
          campaign: r.id,
          seq: seq + 1,
          type: r.item.input.type ?? "api",
          sender: r.item.sender.name,
          recipient: number,
          parts: r.item.parts,
        })),
      );
      const stored = await queryRows<{ id: string | number; campaign_id: string | number; seq: number }>(
        tx,
        sql`
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
        returning id, campaign_id, seq`,
      );
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
          reason: "ledger.api_send",
          reference: `campaign:${r.id}`,
        })),
      );
      // 5. Rollups and dispatch jobs; the organizations' own senders' last use.
      await dispatchSends(tx, this.deps.jobs, {
        acceptedAt,
        campaigns: rows.map((r) => ({ id: r.id, recipients: r.item.input.numbers.length })),
      });
      const ownSenders = [...new Set(rows.filter((r) => !r.item.sender.shared).map((r) => r.item.sender.id))];
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
    });
    return outcomes.map((o) => o ?? new AppError("INTERNAL"));
  }
}
