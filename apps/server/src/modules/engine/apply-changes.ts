import { pgArray, queryRows, type Tx } from "@sms/db";
import type { StoredMessageStatus } from "@sms/domain";
import { type SQL, sql } from "drizzle-orm";
import { queueSmppReceiptsCte } from "../smpp-receipts/index.ts";
import { queueDeliveriesCte } from "../webhooks/index.ts";
import { moveCountsCtes } from "./message-rollups.ts";

export type SubmitState = "queued" | "submitting" | "submitted" | "rejected" | "unknown";

/** A message's new status and pair; null fields keep what is stored. */
export interface MessageChange {
  id: number;
  /** The message's created_at (its partition), as stored. */
  createdAt: Date;
  status: StoredMessageStatus;
  state: number;
  code: string | null;
  submitState: SubmitState | null;
  wireParts: number | null;
  /** A submit's route decision (issue 26): the connection and rule that took it; absent keeps what is stored. */
  connectionId?: number | null;
  routeId?: number | null;
}

/**
 * A wire part the gateway accepted, stored with its message's change (recordOutcomes): its id
 * matches later receipts; `state`/`code` are a receipt that came before it was stored (null: none).
 */
export interface RecordedPart {
  gatewayId: string;
  messageId: number;
  createdAt: Date;
  part: number;
  parts: number;
  state: number | null;
  code: string | null;
  /** The receipt is final (delivered or failed): later reports change nothing. */
  final: boolean;
}

export interface ChangedMessage {
  id: number;
  organizationId: number;
  recipient: string;
  state: number;
  code: string | null;
  status: StoredMessageStatus;
}

/**
 * Applies status changes in one statement, and moves the daily rollups with them (delta rows taking
 * one count from the old status to the new, per organization, Bangkok day and type) in the same
 * statement, so the two can never disagree. A message whose status is final (delivered, failed) never changes again, and a
 * change to what is already stored is skipped: duplicate reports are no-ops. With `attempt`, only
 * messages claimed by that dispatch attempt (and not yet settled by a receipt) are changed.
 *
 * An API message's real status change (not a no-op, not a submit-state move) also queues its delivery
 * webhook in the same statement, so a change and its webhook commit together or not at all.
 *
 * With `parts`, the accepted parts' ids are stored by the same statement (a submit's outcomes: one
 * round trip for the messages, their counts and their parts); a part already stored is kept.
 *
 * Message rows are locked in id order, so concurrent batches (receipts on one connection, submit
 * results on another) queue behind each other instead of deadlocking; the rollups are inserted, never
 * updated, so batches of one organization do not wait on a shared counter row.
 */
export async function applyChanges(
  tx: Tx,
  changes: readonly MessageChange[],
  options: { attempt?: string; parts?: readonly RecordedPart[] } = {},
): Promise<ChangedMessage[]> {
  if (changes.length === 0) return [];
  const parts = options.parts ?? [];
  const attemptGuard = options.attempt
    ? sql`and m.attempt = ${options.attempt}::uuid and m.submit_state in ('submitting', 'unknown')`
    : sql``;
  const rows = await queryRows<{
    id: string | number;
    organization_id: number;
    recipient: string;
    state: number;
    code: string | null;
    status: StoredMessageStatus;
  }>(
    tx,
    sql`
    with input as (
      select * from unnest(
        ${pgArray(changes.map((c) => c.id))}::bigint[],
        ${pgArray(changes.map((c) => c.createdAt.toISOString()))}::timestamptz[],
        ${pgArray(changes.map((c) => c.status))}::text[],
        ${pgArray(changes.map((c) => c.state))}::smallint[],
        ${pgArray(changes.map((c) => c.code))}::text[],
        ${pgArray(changes.map((c) => c.submitState))}::text[],
        ${pgArray(changes.map((c) => c.wireParts))}::smallint[],
        ${pgArray(changes.map((c) => c.connectionId ?? null))}::int[],
        ${pgArray(changes.map((c) => c.routeId ?? null))}::int[]
      ) as i(id, created_at, status, state, code, submit_state, wire_parts, smsc_connection_id, route_id)
    ),
    locked as (
      select m.id, m.created_at, m.status as old_status
        from input i
        join messages m on m.id = i.id and m.created_at = i.created_at
       where m.status not in ('delivered', 'failed')
         and (m.status, m.state, m.code, m.submit_state)
             is distinct from (i.status, i.state, i.code, coalesce(i.submit_state, m.submit_state))
         ${attemptGuard}
       order by m.id
         for update of m
    ),
    changed as (
      update messages m set
        status = i.status,
        state = i.state,
        code = i.code,
        submit_state = coalesce(i.submit_state, m.submit_state),
        wire_parts = coalesce(i.wire_parts, m.wire_parts),
        smsc_connection_id = coalesce(i.smsc_connection_id, m.smsc_connection_id),
        route_id = coalesce(i.route_id, m.route_id),
        submitted_at = case when m.submitted_at is null and i.submit_state in ('submitted', 'unknown', 'rejected')
                            then now() else m.submitted_at end,
        done_at = case when i.status in ('delivered', 'failed') then now() else m.done_at end
        from input i, locked l
       where m.id = i.id and m.created_at = i.created_at and l.id = m.id and l.created_at = m.created_at
      returning m.id, m.organization_id, m.campaign_id, m.type, m.credits, m.created_at, m.recipient, m.state,
                m.code, l.old_status, m.status as new_status
    ),
    ${moveCountsCtes(sql`changed`)},
    ${queueDeliveriesCte(sql`changed`)},
    ${queueSmppReceiptsCte(sql`changed`)}${
      parts.length > 0
        ? sql`,
    ${recordPartsCte(parts)}`
        : sql``
    }
    select id, organization_id, recipient, state, code, new_status as status from changed`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    organizationId: r.organization_id,
    recipient: r.recipient,
    state: r.state,
    code: r.code,
    status: r.status,
  }));
}

/** The `with` item that stores accepted parts (ordered by id, as every writer of message_parts). */
function recordPartsCte(parts: readonly RecordedPart[]): SQL {
  return sql`recorded_parts as (
      insert into message_parts (gateway_id, message_id, message_created_at, part, parts, state, code, final, received_at)
      select g, m, c, p, n, s, k, f, case when s is null then null else now() end
        from unnest(${pgArray(parts.map((p) => p.gatewayId))}::text[], ${pgArray(parts.map((p) => p.messageId))}::bigint[],
                    ${pgArray(parts.map((p) => p.createdAt.toISOString()))}::timestamptz[],
                    ${pgArray(parts.map((p) => p.part))}::smallint[], ${pgArray(parts.map((p) => p.parts))}::smallint[],
                    ${pgArray(parts.map((p) => p.state))}::smallint[], ${pgArray(parts.map((p) => p.code))}::text[],
                    ${pgArray(parts.map((p) => p.final))}::boolean[]) as u(g, m, c, p, n, s, k, f)
       order by 1
      on conflict (gateway_id) do nothing
    )`;
}
