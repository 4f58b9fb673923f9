import type { schema } from "@sms/db";
import type { Locale, TSchedule, TScheduleRun } from "@sms/domain";
import { storedKey, translate } from "../../i18n/index.ts";

export type ScheduleRow = typeof schema.campaignSchedules.$inferSelect;
export type ScheduleRunRow = typeof schema.scheduleRuns.$inferSelect;

/** Spec §3 Scheduled campaign. */
export function presentSchedule(row: ScheduleRow): TSchedule {
  return {
    id: row.id,
    kind: row.kind,
    purpose: row.purpose,
    name: row.name,
    sender: row.senderName,
    template_id: row.templateId,
    message: row.text,
    group_ids: row.groupIds,
    manual_contacts: row.manualNumbers.length,
    file_name: row.fileName,
    track_links: row.trackLinks,
    opt_out_link: row.optOutLink,
    cron: row.cron,
    recurring: row.cron !== null,
    run_at: row.runAt.toISOString(),
    ends_at: row.endsAt?.toISOString() ?? null,
    next_run_at: row.nextRunAt?.toISOString() ?? null,
    status: row.status,
    run_count: row.runCount,
    last_run_at: row.lastRunAt?.toISOString() ?? null,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** One run, its failure reason in the reader's language. */
export function presentRun(row: ScheduleRunRow, locale: Locale): TScheduleRun {
  return {
    occurrence_at: row.occurrenceAt.toISOString(),
    status: row.status,
    campaign_id: row.campaignId,
    reason: row.reason === null ? null : translate(storedKey(row.reason), locale),
    created_at: row.createdAt.toISOString(),
  };
}
