import { formatDateTime, formatNumber } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ModalFrame } from "~/components/dialog";
import { Button } from "~/components/form";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { useScheduleGroupNames } from "../api/group-names";
import { useSchedule } from "../api/schedules";
import { RecurringCell, ScheduleStatusChip } from "./schedule-cells";

/**
 * A schedule with what it sends and to whom (the message, the groups by name, typed numbers or the
 * file, D62) and its last runs: each sent run links to its campaign report; a failed one says why.
 */
export function ScheduleRunsDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation("schedules");
  const locale = useLocale();
  const lp = useLocalizedPath();
  const query = useSchedule(id);
  const schedule = query.data;
  const groupNames = useScheduleGroupNames(schedule?.group_ids ?? []);
  const audience = schedule
    ? [
        ...(schedule.group_ids.length > 0
          ? [
              t("runs.groups", {
                names: groupNames ?? t("runs.groupCount", { count: schedule.group_ids.length }),
              }),
            ]
          : []),
        ...(schedule.manual_contacts > 0
          ? [
              t("runs.typed", {
                count: schedule.manual_contacts,
                formatted: formatNumber(schedule.manual_contacts),
              }),
            ]
          : []),
        ...(schedule.file_name ? [t("runs.file", { name: schedule.file_name })] : []),
      ]
    : [];
  const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso), locale) : "—");

  return (
    <ModalFrame onClose={onClose} title={schedule?.name ?? t("runs.title")} testId="schedule-runs-dialog">
      <div className="mt-4 space-y-4 text-sm">
        {query.isPending ? (
          <p aria-busy="true" className="text-gray-600">
            {t("runs.loading")}
          </p>
        ) : query.isError || !schedule ? (
          <p className="text-red-700" role="alert">
            {t("runs.failed")}{" "}
            <button type="button" className="font-semibold underline" onClick={() => void query.refetch()}>
              {t("runs.retry")}
            </button>
          </p>
        ) : (
          <>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
              <dt className="text-gray-600">{t("list.status")}</dt>
              <dd>
                <ScheduleStatusChip status={schedule.status} />
              </dd>
              <dt className="text-gray-600">{t("list.sender")}</dt>
              <dd className="break-words">{schedule.sender}</dd>
              <dt className="text-gray-600">{t("runs.audience")}</dt>
              <dd className="break-words" data-testid="schedule-audience">
                {audience.join(" · ")}
              </dd>
              <dt className="text-gray-600">{t("list.recurringFlag")}</dt>
              <dd>
                <RecurringCell schedule={schedule} />
              </dd>
              <dt className="text-gray-600">{t("runs.runAt")}</dt>
              <dd className="tabular-nums">{when(schedule.run_at)}</dd>
              {schedule.recurring ? (
                <>
                  <dt className="text-gray-600">{t("runs.endsAt")}</dt>
                  <dd className="tabular-nums">{when(schedule.ends_at)}</dd>
                </>
              ) : null}
              <dt className="text-gray-600">{t("list.nextRun")}</dt>
              <dd className="tabular-nums">{when(schedule.next_run_at)}</dd>
              <dt className="text-gray-600">{t("runs.count")}</dt>
              <dd className="tabular-nums">{formatNumber(schedule.run_count)}</dd>
            </dl>
            <div>
              <h3 className="font-medium text-gray-800">{t("runs.message")}</h3>
              <p
                className="mt-1 rounded-2xl rounded-tl-sm bg-gray-100 p-3 break-words whitespace-pre-wrap text-gray-900"
                data-testid="schedule-message"
              >
                {schedule.message}
              </p>
            </div>
            <div>
              <h3 className="font-medium text-gray-800">{t("runs.heading")}</h3>
              {schedule.runs.length === 0 ? (
                <p className="mt-1 text-gray-600" data-testid="schedule-no-runs-yet">
                  {t("runs.none")}
                </p>
              ) : (
                <ul className="mt-1 divide-y divide-gray-100 rounded-md border border-gray-200">
                  {schedule.runs.map((run) => (
                    <li
                      key={run.occurrence_at}
                      className="space-y-0.5 px-3 py-2"
                      data-testid="schedule-run"
                      data-status={run.status}
                    >
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <span className="tabular-nums">{when(run.occurrence_at)}</span>
                        {run.status === "sent" && run.campaign_id !== null ? (
                          <Link
                            to={lp(`/reports/campaigns/${run.campaign_id}`)}
                            className="font-semibold text-primary-700 underline"
                          >
                            {t("runs.viewReport")}
                          </Link>
                        ) : (
                          <span className="font-semibold text-red-700">{t("runs.failedRun")}</span>
                        )}
                      </div>
                      {run.status === "failed" && run.reason ? (
                        <p className="text-red-700" data-testid="schedule-run-reason">
                          {run.reason}
                        </p>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </>
        )}
        <div className="flex justify-end">
          <Button variant="light-gray" onClick={onClose}>
            {t("runs.close")}
          </Button>
        </div>
      </div>
    </ModalFrame>
  );
}
