import { schema } from "@sms/db";
import type { MessageReportSortKey } from "@sms/domain";
import { and, asc, desc, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { AppError } from "../../errors.ts";
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

const CURSOR = "__order_key";

export interface WalkMessagesOptions {
  scope: TenantScope;
  /** The filter's `messageWhere(scope, …)`: bounded by period, so only its partitions are read. */
  where: SQL;
  order: MessageOrder;
  batchSize: number;
}

/**
 * The filter's messages in the table's order, one batch per query, by keyset on (sort column, id)
 * with id breaking ties in the same direction as the table's pages do: each query starts after the
 * last row seen instead of skipping with OFFSET, so late batches cost what early ones did.
 *
 * The cursor keeps the database's own text of the sort value and casts it back to the column's
 * type: a timestamp read through a JS Date would lose its microseconds and repeat rows. Only
 * created_at has an index ((organization_id, created_at, id)); another key makes each batch a top-N
 * sort of the period's rows after the cursor.
 */
export async function* walkMessagesInOrder({
  scope,
  where,
  order,
  batchSize,
}: WalkMessagesOptions): AsyncGenerator<(typeof m.$inferSelect)[]> {
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new RangeError("batchSize must be a positive integer");
  const column: PgColumn | undefined = Object.hasOwn(SORT_COLUMNS, order.sort)
    ? SORT_COLUMNS[order.sort]
    : undefined;
  if (!column) throw new AppError("VALIDATION", { messageKey: "validation.sort_invalid" });
  const direction = order.reverse ? desc : asc;
  const after = order.reverse ? sql`<` : sql`>`;
  // The column's type comes from the schema, never from the request.
  const type = sql.raw(column.getSQLType());
  const selection = { ...getTableColumns(m), [CURSOR]: sql<string>`${column}::text` };
  let cursor: { key: string; id: number } | null = null;
  while (true) {
    const position: SQL | undefined = cursor
      ? sql`(${column}, ${m.id}) ${after} (cast(${cursor.key} as ${type}), ${cursor.id})`
      : undefined;
    const rows = await scope.db
      .select(selection)
      .from(m)
      .where(and(where, position))
      .orderBy(direction(column), direction(m.id))
      .limit(batchSize);
    const last = rows.at(-1);
    if (!last) return;
    cursor = { key: String(last[CURSOR]), id: last.id };
    yield rows.map(({ [CURSOR]: _, ...row }) => row);
    if (rows.length < batchSize) return;
  }
}
