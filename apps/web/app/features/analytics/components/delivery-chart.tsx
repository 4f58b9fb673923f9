import type { TDeliveryAnalytics } from "@sms/domain/contracts/analytics";
import { resolveDeliveryStatus } from "@sms/domain/rules/delivery-status";
import { formatDate, formatNumber } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { dayDate, StackedDayBars } from "~/components/chart/stacked-day-bars";
import { useLocale } from "~/lib/locale";
import { percent } from "./links";

type Day = TDeliveryAnalytics["days"][number];

/** Bottom to top; "other" is what is still on its way or checking status. */
const STACK = [
  { key: "delivered", fill: "fill-green-600", swatch: "bg-green-600" },
  { key: "failed", fill: "fill-red-600", swatch: "bg-red-600" },
  { key: "other", fill: "fill-gray-300", swatch: "bg-gray-300" },
] as const;
type Outcome = (typeof STACK)[number]["key"];

const part = (d: Day, key: Outcome) => (key === "other" ? d.messages - d.delivered - d.failed : d[key]);

export interface DeliveryChartProps {
  days: readonly Day[];
  /** The messages report's address of one day's messages (all, delivered, failed, or failed for a reason). */
  hrefOf: (day: string, status?: "delivered" | "failed", reason?: { state: number; code: string }) => string;
}

/**
 * Messages per day by outcome (the shared stacked bars; this module is loaded on demand, ADR 24 and
 * 95). Each bar's title names its day, figures and the day's most frequent failure reason (the
 * reasons over time); in the table behind "show as table" every figure and reason links to its
 * messages.
 */
export default function DeliveryChart({ days, hrefOf }: DeliveryChartProps) {
  const { t } = useTranslation("analytics");
  const locale = useLocale();
  const total = days.reduce((sum, d) => sum + d.messages, 0);
  const delivered = days.reduce((sum, d) => sum + d.delivered, 0);
  const link = (to: string, value: number | string) => (
    <Link className="text-primary-700 underline" to={to}>
      {typeof value === "number" ? formatNumber(value) : value}
    </Link>
  );
  const reasonOf = (d: Day) =>
    d.top_reason ? resolveDeliveryStatus(d.top_reason.state, d.top_reason.code).label[locale] : null;
  return (
    <StackedDayBars
      testId="delivery-chart"
      days={days}
      stack={STACK.map((layer) => ({ ...layer, label: t(`outcome.${layer.key}`) }))}
      layerValue={part}
      totalOf={(d) => d.messages}
      summary={t("chart.summary", {
        start: formatDate(dayDate(days[0]?.day ?? ""), locale),
        end: formatDate(dayDate(days.at(-1)?.day ?? ""), locale),
        total: formatNumber(total),
        rate: percent(delivered, total, locale),
      })}
      barTitle={(d, short) => {
        const title = t("chart.barTitle", {
          day: short,
          total: formatNumber(d.messages),
          rate: percent(d.delivered, d.messages, locale),
          failed: formatNumber(d.failed),
        });
        const reason = reasonOf(d);
        return reason ? t("chart.barReason", { title, reason }) : title;
      }}
      empty={t("chart.empty")}
      showTable={t("chart.showTable")}
      table={{
        caption: t("chart.title"),
        dayTitle: t("chart.day"),
        columns: [
          {
            key: "messages",
            title: t("figures.messages"),
            numeric: true,
            cell: (d) => link(hrefOf(d.day), d.messages),
          },
          {
            key: "delivered",
            title: t("figures.delivered"),
            numeric: true,
            cell: (d) => link(hrefOf(d.day, "delivered"), d.delivered),
          },
          {
            key: "rate",
            title: t("figures.deliveryRate"),
            numeric: true,
            cell: (d) => percent(d.delivered, d.messages, locale),
          },
          {
            key: "failed",
            title: t("figures.failed"),
            numeric: true,
            cell: (d) => link(hrefOf(d.day, "failed"), d.failed),
          },
          {
            key: "reason",
            title: t("groups.topReason"),
            cellClass: "min-w-40",
            cell: (d) =>
              d.top_reason ? link(hrefOf(d.day, "failed", d.top_reason), reasonOf(d) ?? "") : "—",
          },
        ],
      }}
    />
  );
}
