import { type Db, pgArray, queryRows, type Tx } from "@sms/db";
import {
  combinePartStatuses,
  isFinalStatus,
  isMarketingBlock,
  resolveDeliveryStatus,
  statusOfPair,
} from "@sms/domain";
import { sql } from "drizzle-orm";
import type { GatewayReceipt } from "../../gateway/index.ts";
import { suppressReportedBlocks } from "../suppressions/index.ts";
import { applyChanges, type ChangedMessage, type MessageChange } from "./apply-changes.ts";

interface UpdatedPart {
  gateway_id: string;
  message_id: string | number;
  message_created_at: Date | string;
  parts: number;
  state: number;
  code: string | null;
}

/**
 * Applies a batch of delivery reports inside `tx` (the caller's transaction):
 * 1. each report updates its part (found by the gateway's id), unless that part already has a final
 *    report or exactly this one (a duplicate);
 * 2. each touched message gets the status of its pair, or for a multipart message the combination
 *    of its parts' pairs (failed as soon as one part failed, delivered when all were);
 * 3. a report for an id we have not recorded yet (it overtook the submit response) waits in
 *    pending_receipts and is applied when the id is recorded; one that carries our reference (the
 *    simulator's do) settles its message directly, which is how a message whose submit outcome was
 *    lost in a crash still gets its final status;
 * 4. a report saying the number blocks marketing puts it on the organization's suppression list.
 */
export async function applyReceipts(tx: Tx, receipts: readonly GatewayReceipt[]): Promise<ChangedMessage[]> {
  if (receipts.length === 0) return [];
  // One report per part and batch: the final one if the batch has several.
  const byGatewayId = new Map<string, GatewayReceipt>();
  for (const receipt of receipts) {
    const seen = byGatewayId.get(receipt.gatewayId);
    if (!seen || !isFinalStatus(statusOfPair(seen.state, seen.code)))
      byGatewayId.set(receipt.gatewayId, receipt);
  }
  const unique = [...byGatewayId.values()].sort((a, b) => (a.gatewayId < b.gatewayId ? -1 : 1));
  // One statement, so "which parts exist" is read in the same snapshot as the update: a part that
  // commits in between must not count as present-but-unchanged (it would drop the report).
  const rows = await queryRows<UpdatedPart & { kind: "updated" | "present" }>(
    tx,
    sql`
    with r as (
      select * from unnest(
        ${pgArray(unique.map((r) => r.gatewayId))}::text[],
        ${pgArray(unique.map((r) => r.state))}::smallint[],
        ${pgArray(unique.map((r) => r.code))}::text[],
        ${pgArray(unique.map((r) => isFinalStatus(statusOfPair(r.state, r.code))))}::boolean[]
      ) as r(gateway_id, state, code, final)
    ),
    locked as (
      select p.gateway_id from r join message_parts p on p.gateway_id = r.gateway_id
       where not p.final and (p.state, p.code) is distinct from (r.state, r.code)
       order by p.gateway_id
         for update of p
    ),
    updated as (
      update message_parts p
         set state = r.state, code = r.code, final = r.final, received_at = now()
        from r, locked l
       where p.gateway_id = r.gateway_id and l.gateway_id = p.gateway_id
      returning p.gateway_id, p.message_id, p.message_created_at, p.parts, p.state, p.code
    )
    select 'updated' as kind, gateway_id, message_id, message_created_at, parts, state, code from updated
    union all
    select 'present', p.gateway_id, p.message_id, p.message_created_at, p.parts, p.state, p.code
      from r join message_parts p on p.gateway_id = r.gateway_id`,
  );
  const updated = rows.filter((row) => row.kind === "updated");
  const present = new Set(rows.filter((row) => row.kind === "present").map((row) => row.gateway_id));

  const changes: MessageChange[] = [];
  const single = updated.filter((p) => p.parts === 1);
  for (const part of single) {
    changes.push(changeOf(Number(part.message_id), part.message_created_at, part.state, part.code));
  }
  const multipartIds = [...new Set(updated.filter((p) => p.parts > 1).map((p) => Number(p.message_id)))];
  if (multipartIds.length > 0) changes.push(...(await combineMultipart(tx, multipartIds)));

  // Reports whose gateway id matched no part (one that matched and changed nothing was a duplicate).
  const touched = new Set(updated.map((p) => p.gateway_id));
  const unmatched = unique.filter((r) => !touched.has(r.gatewayId) && !present.has(r.gatewayId));
  const { settled, waiting } = await settleByReference(tx, unmatched);
  changes.push(...settled);
  await storeWaitingReceipts(tx, waiting);

  const changed = await applyChanges(tx, changes);
  const blocked = changed.filter((m) => isMarketingBlock(resolveDeliveryStatus(m.state, m.code)));
  await suppressReportedBlocks(
    tx,
    blocked.map((m) => ({
      organizationId: m.organizationId,
      msisdn: m.recipient,
      code: `${m.state}/${m.code}`,
    })),
  );
  return changed;
}

function changeOf(id: number, createdAt: Date | string, state: number, code: string | null): MessageChange {
  return {
    id,
    createdAt: new Date(createdAt),
    status: statusOfPair(state, code),
    state,
    code,
    submitState: null,
    wireParts: null,
  };
}

async function combineMultipart(tx: Tx, messageIds: number[]): Promise<MessageChange[]> {
  const parts = await queryRows<{
    message_id: string | number;
    message_created_at: Date | string;
    part: number;
    parts: number;
    state: number | null;
    code: string | null;
  }>(
    tx,
    sql`select message_id, message_created_at, part, parts, state, code
          from message_parts where message_id = any(${pgArray(messageIds)}::bigint[]) order by message_id, part`,
  );
  const grouped = new Map<number, typeof parts>();
  for (const part of parts) {
    const id = Number(part.message_id);
    grouped.set(id, [...(grouped.get(id) ?? []), part]);
  }
  const changes: MessageChange[] = [];
  for (const [id, list] of grouped) {
    const first = list[0];
    if (!first) continue;
    // Parts never recorded (lost with an unknown submit) count as not reported yet.
    const pairs = Array.from({ length: first.parts }, (_, i) => {
      const part = list.find((p) => p.part === i + 1);
      return { state: part?.state ?? null, code: part?.code ?? null };
    });
    const combined = combinePartStatuses(pairs);
    changes.push({
      ...changeOf(id, first.message_created_at, combined.state, combined.code),
      status: combined.status,
    });
  }
  return changes;
}

/** Reports carrying our reference settle their message; the rest wait for their gateway id. */
async function settleByReference(
  tx: Tx,
  receipts: readonly GatewayReceipt[],
): Promise<{ settled: MessageChange[]; waiting: GatewayReceipt[] }> {
  const referenced = receipts.filter((r) => r.reference !== undefined && /^\d+$/.test(r.reference));
  if (referenced.length === 0) return { settled: [], waiting: [...receipts] };
  const ids = [...new Set(referenced.map((r) => Number(r.reference)))];
  const found = await queryRows<{ id: string | number; created_at: Date | string }>(
    tx,
    sql`select id, created_at from messages where id = any(${pgArray(ids)}::bigint[])`,
  );
  const createdAt = new Map(found.map((m) => [Number(m.id), m.created_at]));
  const settled: MessageChange[] = [];
  const waiting: GatewayReceipt[] = [];
  const byMessage = new Map<number, GatewayReceipt[]>();
  for (const receipt of receipts) {
    const id = receipt.reference === undefined ? Number.NaN : Number(receipt.reference);
    if (!createdAt.has(id)) {
      waiting.push(receipt);
      continue;
    }
    byMessage.set(id, [...(byMessage.get(id) ?? []), receipt]);
  }
  for (const [id, list] of byMessage) {
    const combined = combinePartStatuses(list);
    settled.push({
      ...changeOf(id, createdAt.get(id) as Date | string, combined.state, combined.code),
      status: combined.status,
      submitState: "submitted",
    });
  }
  return { settled, waiting };
}

/**
 * Keeps reports whose part is not recorded yet in pending_receipts, until it is (recordOutcomes,
 * recordParts, or the reconciling loop apply them then). One statement: the gateway's early reports
 * (GatewayReceipt.early) are stored by it alone, outside a transaction.
 */
export async function storeWaitingReceipts(db: Db | Tx, receipts: readonly GatewayReceipt[]): Promise<void> {
  if (receipts.length === 0) return;
  await db.execute(sql`
    insert into pending_receipts (gateway_id, state, code, msisdn)
    select * from unnest(${pgArray(receipts.map((r) => r.gatewayId))}::text[], ${pgArray(receipts.map((r) => r.state))}::smallint[],
                         ${pgArray(receipts.map((r) => r.code))}::text[], ${pgArray(receipts.map((r) => r.msisdn ?? null))}::text[])`);
}
