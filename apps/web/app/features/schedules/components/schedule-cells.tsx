import type { ScheduleStatus, TSchedule } from "@sms/domain/contracts/schedules";
import { useTranslation } from "react-i18next";
import { StatusPill } from "~/components/table";
import { useLocale } from "~/lib/locale";
import { useCronDescription } from "../lib/describe-cron";

/** A schedule's status and recurrence, as the list and a schedule's runs dialog both show them. */

const TONE: Record<ScheduleStatus, string> = {
  active: "bg-green-100 text-green-900",
  pause: "bg-yellow-100 text-yellow-900",
  completed: "bg-gray-200 text-gray-900",
  cancelled: "bg-red-100 text-red-900",
};

/** Spec §4 scheduled campaign states. */
export function ScheduleStatusChip({ status }: { status: ScheduleStatus }) {
  const { t } = useTranslation("schedules");
  return (
    <StatusPill tone={TONE[status]} status={status} testId="schedule-status">
      {t(`status.${status}`)}
    </StatusPill>
  );
}

/** "Recurring" with the pattern in words, or "Once". */
export function RecurringCell({ schedule }: { schedule: Pick<TSchedule, "recurring" | "cron"> }) {
  const { t } = useTranslation("schedules");
  const locale = useLocale();
  const description = useCronDescription(schedule.recurring ? schedule.cron : null, locale);
  if (!schedule.recurring) return <span>{t("list.once")}</span>;
  return (
    <span className="block min-w-40">
      <span className="font-medium">{t("list.recurring")}</span>
      <span className="block text-xs text-gray-600" data-testid="schedule-row-description">
        {description ?? schedule.cron}
      </span>
    </span>
  );
}
