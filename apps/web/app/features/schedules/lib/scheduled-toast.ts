import type { TSchedule } from "@sms/domain/contracts/schedules";
import { formatDateTime } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { useLocale, useLocalizedPath } from "~/lib/locale";

export const SCHEDULES_PATH = "/reports/campaigns/schedule_headers";

/** The success toast of a scheduled send: when it first goes out; then the schedules' page (no link to it in the toast, D41). */
export function useScheduledToast(): (schedule: TSchedule) => void {
  const { t } = useTranslation("schedules");
  const locale = useLocale();
  const lp = useLocalizedPath();
  const navigate = useNavigate();
  return (schedule) => {
    const when = formatDateTime(new Date(schedule.next_run_at ?? schedule.run_at), locale);
    toast.success(
      schedule.recurring
        ? t("toast.recurring", { name: schedule.name, when })
        : t("toast.once", { name: schedule.name, when }),
    );
    void navigate(lp(SCHEDULES_PATH));
  };
}
