import { SliceSize, schema } from "@sms/db";
import { and, inArray } from "drizzle-orm";
import { bangkokTimestamp } from "../../platform/spreadsheet-stream.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { type MessageFilter, messageWhere } from "../campaigns/index.ts";
import type { MessageExportRow } from "./export-cells.ts";
import { type MessageOrder, NEWEST_FIRST, walkMessagesInOrder } from "./walk-messages.ts";

export { bangkokTimestamp };

const c = schema.campaigns;

/** The send's name in the export: what names a campaign or an API send; an instant send's name is its one number, an OTP's "API". */
function campaignColumn(type: MessageExportRow["type"], name: string | undefined): string {
  return type === "campaign" || type === "api" ? (name ?? "") : "";
}

/** Campaign texts and names kept between batches; a long export of API sends (one campaign each) must not grow it forever. */
const TEXT_CACHE_LIMIT = 10_000;

export interface ExportRowsOptions {
  scope: TenantScope;
  filter: MessageFilter;
  /** The table's order; newest first by default. */
  order?: MessageOrder;
  /** Rows per query; by default 1,000 by creation time and 25,000 in any other order (see below). */
  batchSize?: number | SliceSize;
}

/**
 * Newest first (or oldest), each batch is an index range scan: 1,000 rows kept one read under about
 * 60 ms on the embedded database even on a loaded machine (export-worker.test.ts measured 55 ms
 * median at load 16, against 330 ms for 5,000 rows), and the rows cost the same per thousand at any
 * batch size, so smaller batches leave other queries waiting less without slowing the export (ADR 30).
 * Only created_at is indexed: in another order every batch is a top-N sort of the period's rows
 * after the cursor, so the walk costs batches × rows and no batch size keeps a read short. Bigger
 * batches there trade memory (bounded: 25,000 rows) for fewer sorts; bench:export measured 1M rows
 * by sender at 215 s with 5,000-row batches against 16 s newest first (ADR 25).
 */
export function defaultBatchSize(order: MessageOrder): number | SliceSize {
  // By creation time a batch costs what its rows cost: on the embedded database its size follows
  // what the last one kept the session (SliceSize); PostgreSQL keeps 1,000.
  return order.sort === "created_at" ? new SliceSize({ initial: 1_000, min: 100, max: 5_000 }) : 25_000;
}

/**
 * The filter's messages in the table's order, walked by keyset in batches (see
 * walkMessagesInOrder), so memory does not grow with the export. These are the raw rows the export's
 * worker formats (export-cells.ts): only the exported columns, so that little is copied to it, and a
 * message without its own text carries its campaign's, every message its campaign's name (an OTP
 * code is masked by the worker's formatter, export-cells.ts).
 */
export async function* messageExportRows({
  scope,
  filter,
  order = NEWEST_FIRST,
  batchSize = defaultBatchSize(order),
}: ExportRowsOptions): AsyncGenerator<MessageExportRow[]> {
  const campaigns = new Map<number, { text: string; name: string }>();
  for await (const batch of walkMessagesInOrder({
    scope,
    where: messageWhere(scope, filter),
    order,
    batchSize,
  })) {
    const missing = [
      ...new Set(batch.filter((row) => !campaigns.has(row.campaignId)).map((r) => r.campaignId)),
    ];
    if (missing.length > 0) {
      if (campaigns.size + missing.length > TEXT_CACHE_LIMIT) campaigns.clear();
      const rows = await scope.db
        .select({ id: c.id, text: c.text, name: c.name })
        .from(c)
        .where(and(scope.where(c), inArray(c.id, missing)));
      for (const row of rows) campaigns.set(row.id, { text: row.text, name: row.name });
    }
    yield batch.map((row) => {
      const campaign = campaigns.get(row.campaignId);
      return {
        createdAt: row.createdAt,
        sender: row.sender,
        recipient: row.recipient,
        type: row.type,
        text: row.text ?? campaign?.text ?? "",
        credits: row.credits,
        status: row.status,
        state: row.state,
        code: row.code,
        campaign: campaignColumn(row.type, campaign?.name),
      };
    });
  }
}

/** A download's file name: the period in Bangkok days. */
export function exportFileName(filter: MessageFilter, format: string): string {
  const first = bangkokTimestamp(filter.start).slice(0, 10);
  const last = bangkokTimestamp(new Date(filter.end.getTime() - 1)).slice(0, 10);
  return `messages-${first}_${last}.${format}`;
}
