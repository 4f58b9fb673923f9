import type { TSchedule } from "@sms/domain/contracts/schedules";
import { formatDateTime } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { useLocale, useLocalizedPath } from "~/lib/locale";

export const SCHEDULES_PATH = "/reports/campaigns/schedule_headers";

/** The success toast of a scheduled send: when it first goes out, with a link to the schedules; then goes there. */
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
      { action: { label: t("toast.view"), onClick: () => void navigate(lp(SCHEDULES_PATH)) } },
    );
    void navigate(lp(SCHEDULES_PATH));
  };
}
