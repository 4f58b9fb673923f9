import { schema } from "@sms/db";
import type { Locale, TMessageExport, TMessageExportQuery } from "@sms/domain";
import { inArray } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";
import { type ReportViewer, resolveMessageFilter, tallyMessages } from "../campaigns/index.ts";
import { exportFileName } from "./export-rows.ts";
import { writeMessageExportJob } from "./jobs.ts";
import { presentMessageExport } from "./present.ts";
import { requestToJson } from "./stream-export.ts";

/** Exports one organization may have waiting or running at once: each one reads up to a month of messages. */
const MAX_UNFINISHED = 3;
/** A queued export that never ran is removed after this long; a finished one 24 h after it finished. */
const UNFINISHED_RETENTION_MS = 48 * 3600_000;

export interface CreateMessageExportOptions {
  viewer: ReportViewer;
  userId: number;
  query: TMessageExportQuery;
  locale: Locale;
  jobs: JobQueue;
}

/**
 * POST /c/message-exports: stores the export with its resolved filter, the table's order and its row count, and enqueues
 * its job in the same transaction (no export without its job, no job without its row).
 */
export async function createMessageExport({
  viewer,
  userId,
  query,
  locale,
  jobs,
}: CreateMessageExportOptions): Promise<TMessageExport> {
  const filter = await resolveMessageFilter(viewer, query);
  const { scope } = viewer;
  const e = schema.messageExports;
  const unfinished = await scope.db.$count(e, scope.where(e, inArray(e.status, ["queued", "running"])));
  if (unfinished >= MAX_UNFINISHED)
    throw new AppError("CONFLICT", { messageKey: "message_exports.too_many" });
  const { total } = await tallyMessages(scope, filter);
  return scope.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(schema.messageExports)
      .values(
        scope.stamp({
          userId,
          format: query.format,
          locale,
          filter: requestToJson(filter, { sort: query.sort, reverse: query.reverse }),
          totalRows: total,
          fileName: exportFileName(filter, query.format),
          expiresAt: new Date(Date.now() + UNFINISHED_RETENTION_MS),
        }),
      )
      .returning();
    if (!row) throw new Error("message export insert returned no row");
    await jobs.enqueue(writeMessageExportJob, { exportId: row.id }, { tx });
    return presentMessageExport(row, locale);
  });
}
