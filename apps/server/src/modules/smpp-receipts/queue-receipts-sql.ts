import { type SQL, sql } from "drizzle-orm";

/**
 * This module owns `smpp_outbox` (ADR 103). The engine queues SMPP receipts in the statement that
 * changes messages (its applyChanges), as it queues delivery webhooks, so a message's final status
 * and its receipt commit together: this is that statement's `smpp_receipts` CTE. Only messages the
 * SMPP server accepted (a row of smpp_submissions asking for a receipt) reaching delivered or
 * failed are queued; a message is queued once.
 */
export function queueSmppReceiptsCte(changed: SQL): SQL {
  return sql`smpp_receipts as (
      insert into smpp_outbox (organization_id, message_id, sender, recipient, status, code, submitted_at)
      select a.organization_id, a.id, s.source_addr, s.destination_addr, a.new_status, a.code, s.created_at
        from (select * from ${changed}
               where type = 'api' and new_status in ('delivered', 'failed') and old_status <> new_status) a
        join smpp_submissions s on s.message_id = a.id and s.organization_id = a.organization_id
       where s.receipt
      on conflict (message_id) do nothing
    )`;
}
