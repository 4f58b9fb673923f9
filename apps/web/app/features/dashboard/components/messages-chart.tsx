import type { TDashboardMessages } from "@sms/domain/contracts/dashboard";
import { formatDate, formatNumber } from "@sms/domain/rules/format";
import { STORED_MESSAGE_STATUSES } from "@sms/domain/rules/message-status";
import { useTranslation } from "react-i18next";
import { dayDate, StackedDayBars } from "~/components/chart/stacked-day-bars";
import { useLocale } from "~/lib/locale";
import { STATUS_SWATCH, statusName } from "./status-display";

type Day = TDashboardMessages["days"][number];

/** Bottom to top: the final outcomes first, then what is still on its way. */
const STACK = ["delivered", "failed", "pending", "sent", "queued"] as const;

const totalOf = (d: Day) => STORED_MESSAGE_STATUSES.reduce((sum, s) => sum + d[s], 0);

/**
 * Messages per day by status (the shared stacked bars); the table behind "show as table" has a
 * column per status.
 */
export default function MessagesChart({ days }: { days: TDashboardMessages["days"] }) {
  const { t } = useTranslation("dashboard");
  const locale = useLocale();
  const sum = days.reduce((total, d) => total + totalOf(d), 0);
  return (
    <StackedDayBars
      testId="messages-chart"
      days={days}
      stack={STACK.map((s) => ({
        key: s,
        fill: STATUS_SWATCH[s].fill,
        swatch: STATUS_SWATCH[s].bg,
        label: statusName(s, locale),
      }))}
      legendTopFirst
      middleLabel
      layerValue={(d, s) => d[s]}
      totalOf={totalOf}
      summary={t("chart.summary", {
        start: formatDate(dayDate(days[0]?.day ?? ""), locale),
        end: formatDate(dayDate(days.at(-1)?.day ?? ""), locale),
        total: formatNumber(sum),
      })}
      barTitle={(d, short) =>
        `${t("chart.barTitle", { day: short, total: formatNumber(totalOf(d)) })}${STACK.filter(
          (s) => d[s] > 0,
        )
          .map((s) => `\n${statusName(s, locale)}: ${formatNumber(d[s])}`)
          .join("")}`
      }
      empty={t("chart.empty")}
      showTable={t("chart.showTable")}
      table={{
        caption: t("chart.title"),
        head: (
          <tr className="border-b border-gray-200 text-start text-gray-600">
            <th scope="col" className="py-1 pe-3 text-start font-medium">
              {t("chart.day")}
            </th>
            {STORED_MESSAGE_STATUSES.map((s) => (
              <th key={s} scope="col" className="px-2 py-1 text-end font-medium">
                {statusName(s, locale)}
              </th>
            ))}
            <th scope="col" className="ps-2 py-1 text-end font-medium">
              {t("chart.total")}
            </th>
          </tr>
        ),
        rows: days.map((d) => (
          <tr key={d.day} className="border-b border-gray-100">
            <th scope="row" className="py-1 pe-3 text-start font-normal whitespace-nowrap">
              {formatDate(dayDate(d.day), locale)}
            </th>
            {STORED_MESSAGE_STATUSES.map((s) => (
              <td key={s} className="px-2 py-1 text-end tabular-nums">
                {formatNumber(d[s])}
              </td>
            ))}
            <td className="ps-2 py-1 text-end tabular-nums font-medium">{formatNumber(totalOf(d))}</td>
          </tr>
        )),
      }}
    />
  );
}
