/**
 * Issue 13 point 2: scheduled and recurring campaigns: the schedule fields of the campaign and
 * file forms (presets, cron, the next five runs, the pattern in words), the calls that create
 * them, and /reports/campaigns/schedule_headers (the list, a schedule's runs, cancel). The
 * feature's only door.
 */
export { scheduleFileCampaign, useCreateSchedule } from "./api/schedules";
export { ScheduleFields } from "./components/schedule-fields";
export { ScheduleSummary } from "./components/schedule-summary";
export { SchedulesTable } from "./components/schedules-table";
export {
  DEFAULT_SCHEDULE,
  type ScheduleValue,
  scheduledAt,
  scheduleFields,
} from "./lib/schedule";
export { useScheduledToast } from "./lib/scheduled-toast";
export { useScheduleChoice } from "./lib/use-schedule-choice";
