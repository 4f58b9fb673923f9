import type { TDashboardMessages } from "@sms/domain/contracts/dashboard";
import { formatDate, formatNumber } from "@sms/domain/rules/format";
import { STORED_MESSAGE_STATUSES } from "@sms/domain/rules/message-status";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "~/lib/locale";
import { STATUS_SWATCH, statusName } from "./status-display";

type Day = TDashboardMessages["days"][number];

/** Bottom to top: the final outcomes first, then what is still on its way. */
const STACK = ["delivered", "failed", "pending", "sent", "queued"] as const;
const BAR_WIDTH = 10;
const GAP = 4;
const HEIGHT = 100;

const totalOf = (d: Day) => STORED_MESSAGE_STATUSES.reduce((sum, s) => sum + d[s], 0);
const dayDate = (day: string) => new Date(`${day}T12:00:00+07:00`);

/**
 * Messages per day by status, as stacked bars drawn in SVG by hand (no chart library: nothing to
 * lazy-load but this module). The drawing stretches to the width; the labels are HTML so they stay
 * readable at 375 px. Screen readers get a one-sentence summary on the figure and the whole series
 * as a table (behind "Show the figures as a table", which sighted keyboard users can open too).
 */
export default function MessagesChart({ days }: { days: TDashboardMessages["days"] }) {
  const { t } = useTranslation("dashboard");
  const locale = useLocale();
  const tableId = useId();
  const totals = days.map(totalOf);
  const sum = totals.reduce((a, b) => a + b, 0);
  const max = Math.max(1, ...totals);
  const width = days.length * (BAR_WIDTH + GAP);
  const short = (day: string) => formatDate(dayDate(day), locale, "D MMM");
  const first = days[0]?.day ?? "";
  const last = days.at(-1)?.day ?? "";
  const middle = days[Math.floor(days.length / 2)]?.day ?? "";

  return (
    <div data-testid="messages-chart">
      {sum === 0 ? (
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
                total: formatNumber(sum),
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
                      {`${t("chart.barTitle", { day: short(d.day), total: formatNumber(totals[i] ?? 0) })}${STACK.filter(
                        (s) => d[s] > 0,
                      )
                        .map((s) => `\n${statusName(s, locale)}: ${formatNumber(d[s])}`)
                        .join("")}`}
                    </title>
                    {STACK.map((s) => {
                      const h = (d[s] / max) * HEIGHT;
                      y -= h;
                      return h > 0 ? (
                        <rect
                          key={s}
                          x={i * (BAR_WIDTH + GAP) + GAP / 2}
                          y={y}
                          width={BAR_WIDTH}
                          height={h}
                          className={STATUS_SWATCH[s].fill}
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
              {days.length > 2 ? <span>{short(middle)}</span> : null}
              <span>{short(last)}</span>
            </div>
          </div>
          <figcaption className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-700" aria-hidden>
            {[...STACK].reverse().map((s) => (
              <span key={s} className="inline-flex items-center gap-1.5">
                <span className={`inline-block size-3 rounded-sm ${STATUS_SWATCH[s].bg}`} />
                {statusName(s, locale)}
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
            </thead>
            <tbody>
              {days.map((d, i) => (
                <tr key={d.day} className="border-b border-gray-100">
                  <th scope="row" className="py-1 pe-3 text-start font-normal whitespace-nowrap">
                    {formatDate(dayDate(d.day), locale)}
                  </th>
                  {STORED_MESSAGE_STATUSES.map((s) => (
                    <td key={s} className="px-2 py-1 text-end tabular-nums">
                      {formatNumber(d[s])}
                    </td>
                  ))}
                  <td className="ps-2 py-1 text-end tabular-nums font-medium">
                    {formatNumber(totals[i] ?? 0)}
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
