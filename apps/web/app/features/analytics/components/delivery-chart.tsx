import type { TDeliveryAnalytics } from "@sms/domain/contracts/analytics";
import { formatDate, formatNumber } from "@sms/domain/rules/format";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "~/lib/locale";
import { percent } from "./links";

type Day = TDeliveryAnalytics["days"][number];

const BAR_WIDTH = 10;
const GAP = 4;
const HEIGHT = 100;
/** Bottom to top; "other" is what is still on its way or checking status. */
const STACK = [
  { key: "delivered", fill: "fill-green-600", bg: "bg-green-600" },
  { key: "failed", fill: "fill-red-600", bg: "bg-red-600" },
  { key: "other", fill: "fill-gray-300", bg: "bg-gray-300" },
] as const;

const dayDate = (day: string) => new Date(`${day}T12:00:00+07:00`);
const part = (d: Day, key: (typeof STACK)[number]["key"]) =>
  key === "other" ? d.messages - d.delivered - d.failed : d[key];

export interface DeliveryChartProps {
  days: readonly Day[];
  /** The messages report's address of one day's messages (all, delivered or failed). */
  hrefOf: (day: string, status?: "delivered" | "failed") => string;
}

/**
 * Messages per day by outcome, as stacked bars drawn in SVG by hand (no chart library; this module
 * is loaded on demand, ADR 24 and 95). Each bar's title names its day and figures; screen readers
 * get a one-sentence summary and the series as a table behind "Show as table", where every figure
 * links to its messages.
 */
export default function DeliveryChart({ days, hrefOf }: DeliveryChartProps) {
  const { t } = useTranslation("analytics");
  const locale = useLocale();
  const tableId = useId();
  const max = Math.max(1, ...days.map((d) => d.messages));
  const width = days.length * (BAR_WIDTH + GAP);
  const total = days.reduce((sum, d) => sum + d.messages, 0);
  const delivered = days.reduce((sum, d) => sum + d.delivered, 0);
  const short = (day: string) => formatDate(dayDate(day), locale, "D MMM");
  const first = days[0]?.day ?? "";
  const last = days.at(-1)?.day ?? "";
  const label = (key: (typeof STACK)[number]["key"]) => t(`outcome.${key}`);

  return (
    <div data-testid="delivery-chart">
      {total === 0 ? (
        <p className="rounded-md bg-gray-50 p-4 text-sm text-gray-600" data-testid="chart-empty">
          {t("chart.empty")}
        </p>
      ) : (
        <figure className="m-0">
          <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
            <div
              className="flex h-40 flex-col justify-between text-end text-xs tabular-nums text-gray-500"
              aria-hidden
            >
              <span>{formatNumber(max)}</span>
              <span>0</span>
            </div>
            <svg
              role="img"
              aria-label={t("chart.summary", {
                start: formatDate(dayDate(first), locale),
                end: formatDate(dayDate(last), locale),
                total: formatNumber(total),
                rate: percent(delivered, total, locale),
              })}
              viewBox={`0 0 ${width} ${HEIGHT}`}
              preserveAspectRatio="none"
              className="h-40 w-full border-b border-s border-gray-300"
            >
              {days.map((d, i) => {
                let y = HEIGHT;
                return (
                  <g key={d.day}>
                    <title>
                      {t("chart.barTitle", {
                        day: short(d.day),
                        total: formatNumber(d.messages),
                        rate: percent(d.delivered, d.messages, locale),
                        failed: formatNumber(d.failed),
                      })}
                    </title>
                    {STACK.map(({ key, fill }) => {
                      const h = (part(d, key) / max) * HEIGHT;
                      y -= h;
                      return h > 0 ? (
                        <rect
                          key={key}
                          x={i * (BAR_WIDTH + GAP) + GAP / 2}
                          y={y}
                          width={BAR_WIDTH}
                          height={h}
                          className={fill}
                        />
                      ) : null;
                    })}
                  </g>
                );
              })}
            </svg>
            <span />
            <div className="mt-1 flex justify-between text-xs text-gray-500" aria-hidden>
              <span>{short(first)}</span>
              <span>{short(last)}</span>
            </div>
          </div>
          <figcaption className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-700" aria-hidden>
            {STACK.map(({ key, bg }) => (
              <span key={key} className="inline-flex items-center gap-1.5">
                <span className={`inline-block size-3 rounded-sm ${bg}`} />
                {label(key)}
              </span>
            ))}
          </figcaption>
        </figure>
      )}
      <details className="mt-3 text-sm">
        <summary
          className="cursor-pointer text-primary-700 underline-offset-2 hover:underline"
          aria-controls={tableId}
        >
          {t("chart.showTable")}
        </summary>
        <div className="mt-2 max-h-80 overflow-auto" id={tableId}>
          <table className="w-full text-sm">
            <caption className="sr-only">{t("chart.title")}</caption>
            <thead>
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
                <th scope="col" className="ps-2 py-1 text-end font-medium">
                  {t("figures.failed")}
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day} className="border-b border-gray-100">
                  <th scope="row" className="py-1 pe-3 text-start font-normal whitespace-nowrap">
                    {formatDate(dayDate(d.day), locale)}
                  </th>
                  <td className="px-2 py-1 text-end tabular-nums">
                    <Link className="text-primary-700 underline" to={hrefOf(d.day)}>
                      {formatNumber(d.messages)}
                    </Link>
                  </td>
                  <td className="px-2 py-1 text-end tabular-nums">
                    <Link className="text-primary-700 underline" to={hrefOf(d.day, "delivered")}>
                      {formatNumber(d.delivered)}
                    </Link>
                  </td>
                  <td className="px-2 py-1 text-end tabular-nums">
                    {percent(d.delivered, d.messages, locale)}
                  </td>
                  <td className="ps-2 py-1 text-end tabular-nums">
                    <Link className="text-primary-700 underline" to={hrefOf(d.day, "failed")}>
                      {formatNumber(d.failed)}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
