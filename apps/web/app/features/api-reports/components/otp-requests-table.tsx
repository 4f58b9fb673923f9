import {
  OTP_REQUEST_STATUSES,
  OTP_REQUESTS_DEFAULT_DAYS,
  OTP_REQUESTS_MAX_DAYS,
  OTP_REQUESTS_SORT,
  type TOtpRequest,
} from "@sms/domain/contracts/api-otp";
import { formatDateTime, formatNumber } from "@sms/domain/rules/format";
import { toLocalPhone } from "@sms/domain/rules/phone";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { spokenName } from "~/components/form";
import { type DataTableColumn, ListTable } from "~/components/table";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { useListParams } from "~/lib/use-list-params";
import { OTP_REQUESTS_LIST_KEY } from "../api/keys";
import { useOtpRequests } from "../api/otp-requests";
import { OtpConversion } from "./otp-conversion";
import { OtpStatusBadge } from "./otp-status-badge";
import { PERIOD_FILTERS, PeriodFilters } from "./period-filters";

type SortKey = (typeof OTP_REQUESTS_SORT.keys)[number];

/**
 * /reports/sms-otp/headers: the codes requested through POST /api/v2/otp/request (GET
 * /c/otp-requests), newest first over a period, by phone and status; each opens its detail. Above
 * the list, the period's conversion insight (issue 28 point 3).
 */
export function OtpRequestsTable() {
  const { t } = useTranslation("api-reports");
  const locale = useLocale();
  const lp = useLocalizedPath();
  const list = useListParams({
    sort: OTP_REQUESTS_SORT,
    filters: PERIOD_FILTERS,
    key: OTP_REQUESTS_LIST_KEY,
  });
  const query = useOtpRequests(list.request, list.queryKey);

  const columns: DataTableColumn<TOtpRequest, SortKey>[] = [
    {
      title: t("otp-requests.created"),
      key: "created_at",
      sort: true,
      reverse: true,
      class: "whitespace-nowrap",
      cell: (r) => formatDateTime(new Date(r.created_at), locale),
    },
    {
      title: t("otp-requests.number"),
      key: "msisdn",
      card: "title",
      class: "whitespace-nowrap tabular-nums",
      cell: (r) => (
        <Link
          to={lp(`/reports/sms-otp/${r.id}`)}
          className="font-medium text-primary-700 underline-offset-2 hover:underline"
          aria-label={spokenName(
            toLocalPhone(r.msisdn),
            t("otp-requests.viewLabel", { refno: r.refno, phone: toLocalPhone(r.msisdn) }),
          )}
          data-testid="otp-request-link"
        >
          {toLocalPhone(r.msisdn)}
        </Link>
      ),
    },
    {
      title: t("otp-requests.refno"),
      key: "refno",
      class: "whitespace-nowrap font-mono",
      cell: (r) => r.refno,
    },
    {
      title: t("otp-requests.status"),
      key: "status",
      class: "whitespace-nowrap",
      cell: (r) => <OtpStatusBadge status={r.status} />,
    },
    {
      title: t("otp-requests.attempts"),
      key: "attempts",
      class: "text-end tabular-nums whitespace-nowrap",
      cell: (r) => formatNumber(r.attempts),
    },
    {
      title: t("otp-requests.credits"),
      key: "credits",
      class: "text-end tabular-nums whitespace-nowrap",
      cell: (r) => formatNumber(r.credits),
    },
  ];

  return (
    <div className="space-y-4">
      <PeriodFilters
        list={list}
        maxDays={OTP_REQUESTS_MAX_DAYS}
        defaultDays={OTP_REQUESTS_DEFAULT_DAYS}
        statuses={OTP_REQUEST_STATUSES.map((status) => ({ value: status, label: t(`otpStatus.${status}`) }))}
      />
      <OtpConversion start={list.filters.start} end={list.filters.end} />
      <h2 className="text-xl font-semibold text-gray-900">{t("otp-requests.listTitle")}</h2>
      <ListTable
        caption={t("otp-requests.caption")}
        hideCaption
        columns={columns}
        rowKey={(r) => r.id}
        emptyText={
          Object.keys(list.filters).length > 0
            ? t("otp-requests.emptyFiltered")
            : t("otp-requests.empty", { days: OTP_REQUESTS_DEFAULT_DAYS })
        }
        page={query.data}
        query={{ ...query, isFetching: query.isPlaceholderData }}
        list={list}
      />
    </div>
  );
}
