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
        dayTitle: t("chart.day"),
        columns: [
          ...STORED_MESSAGE_STATUSES.map((s) => ({
            key: s,
            title: statusName(s, locale),
            numeric: true,
            cell: (d: Day) => formatNumber(d[s]),
          })),
          {
            key: "total",
            title: t("chart.total"),
            numeric: true,
            cellClass: "font-medium",
            cell: (d) => formatNumber(totalOf(d)),
          },
        ],
      }}
    />
  );
}
