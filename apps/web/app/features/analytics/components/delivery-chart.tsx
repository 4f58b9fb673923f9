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
        head: (
          <tr className="border-b border-gray-200 text-gray-600">
            <th scope="col" className="py-1 pe-3 text-start font-medium">
              {t("chart.day")}
            </th>
            <th scope="col" className="px-2 py-1 text-end font-medium">
              {t("figures.messages")}
            </th>
            <th scope="col" className="px-2 py-1 text-end font-medium">
              {t("figures.delivered")}
            </th>
            <th scope="col" className="px-2 py-1 text-end font-medium">
              {t("figures.deliveryRate")}
            </th>
            <th scope="col" className="px-2 py-1 text-end font-medium">
              {t("figures.failed")}
            </th>
            {/* Wide enough to read a reason: on a phone the table scrolls sideways in its box. */}
            <th scope="col" className="min-w-40 ps-2 py-1 text-start font-medium">
              {t("groups.topReason")}
            </th>
          </tr>
        ),
        rows: days.map((d) => (
          <tr key={d.day} className="border-b border-gray-100">
            <th scope="row" className="py-1 pe-3 text-start font-normal whitespace-nowrap">
              {formatDate(dayDate(d.day), locale)}
            </th>
            <td className="px-2 py-1 text-end tabular-nums">{link(hrefOf(d.day), d.messages)}</td>
            <td className="px-2 py-1 text-end tabular-nums">
              {link(hrefOf(d.day, "delivered"), d.delivered)}
            </td>
            <td className="px-2 py-1 text-end tabular-nums">{percent(d.delivered, d.messages, locale)}</td>
            <td className="px-2 py-1 text-end tabular-nums">{link(hrefOf(d.day, "failed"), d.failed)}</td>
            <td className="ps-2 py-1 text-start">
              {d.top_reason ? link(hrefOf(d.day, "failed", d.top_reason), reasonOf(d) ?? "") : "—"}
            </td>
          </tr>
        )),
      }}
    />
  );
}
