import { parseScheduleTime } from "@sms/domain/contracts/schedules";
import { formatDateTime } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { useLocale } from "~/lib/locale";
import { useCronDescription } from "../lib/describe-cron";
import { cronOf, type ScheduleValue } from "../lib/schedule";

/** The preview's "when": now, the one time, or the pattern in words with its start and end. */
export function ScheduleSummary({ value }: { value: ScheduleValue }) {
  const { t } = useTranslation("schedules");
  const locale = useLocale();
  const cron = value.mode === "recurring" ? cronOf(value) : null;
  const description = useCronDescription(cron, locale);
  const at = (text: string | null) => {
    const date = text ? parseScheduleTime(text) : null;
    return date ? formatDateTime(date, locale) : "—";
  };
  let text: string;
  if (value.mode === "now") text = t("summary.now");
  else if (value.mode === "once") text = t("summary.once", { when: at(value.runAt) });
  else
    text = t("summary.recurring", {
      pattern: description ?? cron ?? "",
      start: at(value.runAt),
      end: at(value.endsAt),
    });
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 rounded-md border border-primary-200 bg-primary-50 px-4 py-2 text-sm">
      <span className="text-gray-700">{t("summary.label")}</span>
      <span className="min-w-0 font-semibold break-words text-gray-900" data-testid="schedule-summary">
        {text}
      </span>
    </div>
  );
}
