import { type SliceSize, schema } from "@sms/db";
import type { MessageReportSortKey } from "@sms/domain";
import type { SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { AppError } from "../../errors.ts";
import { walkByKeyset } from "../../platform/keyset.ts";
import type { TenantScope } from "../../platform/tenant.ts";

const m = schema.messages;

/**
 * The columns of the messages report's sort keys, as GET /c/messages orders by them. Every one is
 * NOT NULL, which the row comparison below relies on. A key added to MESSAGE_REPORT_SORT fails to
 * compile here until it has its column.
 */
const SORT_COLUMNS = {
  created_at: m.createdAt,
  sender: m.sender,
  recipient: m.recipient,
  type: m.type,
  credits: m.credits,
  status: m.status,
} satisfies Record<MessageReportSortKey, PgColumn>;

/** The order of an export: the table's sort key and direction. */
export interface MessageOrder {
  sort: MessageReportSortKey;
  reverse: boolean;
}

export const NEWEST_FIRST: MessageOrder = { sort: "created_at", reverse: true };

export interface WalkMessagesOptions {
  scope: TenantScope;
  /** The filter's `messageWhere(scope, …)`: bounded by period, so only its partitions are read. */
  where: SQL;
  order: MessageOrder;
  batchSize: number | SliceSize;
}

/**
 * The filter's messages in the table's order, one batch per query, by keyset on (sort column, id)
 * with id breaking ties in the same direction as the table's pages do (walkByKeyset). Only
 * created_at has an index ((organization_id, created_at, id)); another key makes each batch a top-N
 * sort of the period's rows after the cursor.
 */
export function walkMessagesInOrder({
  scope,
  where,
  order,
  batchSize,
}: WalkMessagesOptions): AsyncGenerator<(typeof m.$inferSelect)[]> {
  const column: PgColumn | undefined = Object.hasOwn(SORT_COLUMNS, order.sort)
    ? SORT_COLUMNS[order.sort]
    : undefined;
  if (!column) throw new AppError("VALIDATION", { messageKey: "validation.sort_invalid" });
  return walkByKeyset(scope.db, {
    table: m,
    where,
    batchSize,
    order: order.reverse ? "desc" : "asc",
    time: column,
  });
}
