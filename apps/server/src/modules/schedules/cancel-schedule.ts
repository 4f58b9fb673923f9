import { schema } from "@sms/db";
import { and, eq, inArray } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { removeUpload, type ScheduleDeps } from "./create-schedule.ts";
import type { ScheduleRow } from "./present.ts";
import { findSchedule, type ScheduleViewer } from "./read-schedules.ts";

const s = schema.campaignSchedules;

/**
 * POST /c/schedules/campaigns/{id}/cancel: an active or paused schedule becomes cancelled (spec §4:
 * the client's only action) in one conditional update, so a firing in progress finishes first and
 * a completed or cancelled schedule answers 409. A file schedule's upload is removed. A firing whose
 * campaign is accepted outside its transaction (a file, or groups larger than a slice: ADR 55) holds
 * no lock while it accepts: a cancel then stops the next occurrences, and the one being accepted is
 * still sent (or fails, its upload gone) and its run recorded.
 */
export async function cancelSchedule(
  deps: Pick<ScheduleDeps, "db" | "storage" | "now">,
  viewer: ScheduleViewer,
  id: number,
  log: { error: (obj: object, msg: string) => void },
): Promise<ScheduleRow> {
  const existing = await findSchedule(viewer, id);
  const now = (deps.now ?? (() => new Date()))();
  const [row] = await viewer.scope.db
    .update(s)
    .set({ status: "cancelled", cancelledAt: now, nextRunAt: null })
    .where(
      and(
        eq(s.id, existing.id),
        eq(s.organizationId, existing.organizationId),
        inArray(s.status, ["active", "pause"]),
      ),
    )
    .returning();
  if (!row) throw new AppError("CONFLICT", { messageKey: "schedules.not_cancellable" });
  if (row.fileId) await removeUpload(deps, row.organizationId, row.fileId, log);
  return row;
}
