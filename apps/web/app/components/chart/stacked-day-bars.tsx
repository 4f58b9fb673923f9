import { formatDate, formatNumber } from "@sms/domain/rules/format";
import { type ReactNode, useId } from "react";
import { DataTable, type DataTableColumn } from "~/components/table";
import { useLocale } from "~/lib/locale";

const BAR_WIDTH = 10;
const GAP = 4;
const HEIGHT = 100;

/** One layer of the bars: its SVG fill, its legend swatch and its name. */
export interface StackLayer<K extends string> {
  key: K;
  fill: string;
  swatch: string;
  label: string;
}

/** A column of the table behind "show as table" after the day: its header and a day's cell. */
export interface DayColumn<D> {
  key: string;
  title: string;
  cell: (day: D) => ReactNode;
  /** A figure: right-aligned in the table, with even-width digits. */
  numeric?: boolean;
  /** Classes of its cells in the table (not on a phone's cards). */
  cellClass?: string;
}

export interface StackedDayBarsProps<D extends { day: string }, K extends string> {
  days: readonly D[];
  /** Bottom to top. */
  stack: readonly StackLayer<K>[];
  /** The legend lists the layers top first (the order the eye reads the bars in). */
  legendTopFirst?: boolean;
  layerValue: (day: D, key: K) => number;
  totalOf: (day: D) => number;
  /** The one-sentence summary screen readers get for the figure. */
  summary: string;
  /** A bar's tooltip (its SVG title). */
  barTitle: (day: D, shortDay: string) => string;
  /** The axis labels the first, last (and, when asked, middle) day. */
  middleLabel?: boolean;
  empty: string;
  showTable: string;
  /**
   * The series behind "show as table": its caption, the day column's header and the columns after
   * it. A table with the day as each row's header; below 640 px a card per day (DataTable), so a
   * phone never scrolls it sideways.
   */
  table: { caption: string; dayTitle: string; columns: readonly DayColumn<D>[] };
  testId: string;
}

/** A Bangkok day at noon, for formatting. */
export const dayDate = (day: string) => new Date(`${day}T12:00:00+07:00`);

/**
 * Values per day as stacked bars drawn in SVG by hand (no chart library: nothing to lazy-load but
 * the module that uses this, ADR 24 and 95). The drawing stretches to the width; the labels are HTML
 * so they stay readable at 375 px. Screen readers get a one-sentence summary on the figure and the
 * series as a table behind "show as table", which sighted keyboard users can open too (the app's
 * DataTable: cards on a phone). The dashboard's messages by status, the analytics' outcomes by day
 * and the OTP conversion draw with it.
 */
export function StackedDayBars<D extends { day: string }, K extends string>({
  days,
  stack,
  legendTopFirst = false,
  layerValue,
  totalOf,
  summary,
  barTitle,
  middleLabel = false,
  empty,
  showTable,
  table,
  testId,
}: StackedDayBarsProps<D, K>) {
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
  const legend = legendTopFirst ? [...stack].reverse() : stack;
  const columns: DataTableColumn<D>[] = [
    {
      key: "day",
      title: table.dayTitle,
      cell: (d) => formatDate(dayDate(d.day), locale),
      rowHeader: true,
      class: "whitespace-nowrap",
      card: "title",
    },
    ...table.columns.map(({ key, title, cell, numeric, cellClass }) => ({
      key,
      title,
      cell,
      class: numeric ? "text-end" : undefined,
      cellClass: `${numeric ? "text-end tabular-nums" : ""} ${cellClass ?? ""}`.trim(),
    })),
  ];

  return (
    <div data-testid={testId}>
      {sum === 0 ? (
        <p className="rounded-md bg-gray-50 p-4 text-sm text-gray-600" data-testid="chart-empty">
          {empty}
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
              aria-label={summary}
              viewBox={`0 0 ${width} ${HEIGHT}`}
              preserveAspectRatio="none"
              className="h-40 w-full border-b border-s border-gray-300"
            >
              {days.map((d, i) => {
                let y = HEIGHT;
                return (
                  <g key={d.day}>
                    <title>{barTitle(d, short(d.day))}</title>
                    {stack.map(({ key, fill }) => {
                      const h = (layerValue(d, key) / max) * HEIGHT;
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
              {middleLabel && days.length > 2 ? <span>{short(middle)}</span> : null}
              <span>{short(last)}</span>
            </div>
          </div>
          <figcaption className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-700" aria-hidden>
            {legend.map(({ key, swatch, label }) => (
              <span key={key} className="inline-flex items-center gap-1.5">
                <span className={`inline-block size-3 rounded-sm ${swatch}`} />
                {label}
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
          {showTable}
        </summary>
        {/* A phone's cards flow down the page; the wide table keeps to a box it scrolls in. */}
        <div className="mt-2 sm:max-h-80 sm:overflow-auto" id={tableId}>
          <DataTable
            caption={table.caption}
            hideCaption
            columns={columns}
            rows={days}
            rowKey={(d) => d.day}
          />
        </div>
      </details>
    </div>
  );
}
