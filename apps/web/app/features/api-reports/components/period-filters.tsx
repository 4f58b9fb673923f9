import { useTranslation } from "react-i18next";
import { ReportFilters } from "~/components/table";
import type { ListParams } from "~/lib/use-list-params";

/** The filters of the API's message and code reports, as the URL keeps them. */
export const PERIOD_FILTERS = ["start", "end", "phone", "status"] as const;
type PeriodFilter = (typeof PERIOD_FILTERS)[number];

/**
 * The filter bar of /reports/sms-api, /reports/sms-otp and the OTP requests (a period of at most
 * `maxDays`, a phone number, a status), and the line under it that says which period the list
 * shows: the last `defaultDays` days unless one is chosen. `live` adds that the list is refreshing.
 */
export function PeriodFilters({
  list,
  maxDays,
  defaultDays,
  statuses,
  live = false,
}: {
  list: Pick<ListParams<string, PeriodFilter>, "filters" | "setFilters">;
  maxDays: number;
  defaultDays: number;
  statuses: readonly { value: string; label: string }[];
  live?: boolean;
}) {
  const { t } = useTranslation("api-reports");
  return (
    <>
      <ReportFilters
        values={list.filters}
        onApply={(values) =>
          list.setFilters({
            start: values.start,
            end: values.end,
            phone: values.phone,
            status: values.status,
          })
        }
        maxSpanDays={maxDays}
        phone
        statuses={statuses}
      />
      <p className="text-sm text-gray-600" data-testid="report-period">
        {list.filters.start
          ? t("period.chosen", { max: maxDays })
          : t("period.default", { days: defaultDays, max: maxDays })}
        {live ? <span className="ms-1">{t("period.live")}</span> : null}
      </p>
    </>
  );
}
