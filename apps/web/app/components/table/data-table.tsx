import { ariaSortOf, type THeaderFor, type TSortState, type TTableHeader } from "@sms/domain/contracts/lists";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/form";

/**
 * A column: the spec §3 header model (title already translated; only the list's sort keys can be
 * sortable) and how to show a cell.
 */
export type DataTableColumn<T, K extends string = string> = THeaderFor<K> & {
  cell?: (row: T) => ReactNode;
  /** Classes of the body cells; the header's `class` when left out. */
  cellClass?: string;
};

export interface DataTableProps<T, K extends string> {
  /** The table's accessible name, shown as its caption. */
  caption: string;
  /** Hide the caption visually when a heading above already names the table. */
  hideCaption?: boolean;
  columns: readonly DataTableColumn<T, K>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  /** The order shown; left out for a table in a fixed order (its columns are then not sortable). */
  sort?: TSortState<K>;
  /** A sortable header was pressed; the list asks the server for the new order. */
  onSort?: (header: TTableHeader<K>) => void;
  /** No data yet: skeleton rows. */
  isLoading?: boolean;
  /** A newer page or order is on its way while the previous rows stay visible. */
  isFetching?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  emptyText?: string;
  /** Skeleton rows while loading; the page size keeps the layout from jumping. */
  skeletonRows?: number;
}

function SortIcon({ direction }: { direction: "ascending" | "descending" | "none" | undefined }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5 shrink-0" fill="currentColor">
      <path d="M8 2 12 7H4z" opacity={direction === "ascending" ? 1 : 0.3} />
      <path d="M8 14 4 9h8z" opacity={direction === "descending" ? 1 : 0.3} />
    </svg>
  );
}

/**
 * The one table of the app, driven by the spec §3 header model: a sortable header is a button
 * that asks the server for the other order (aria-sort tells the current one). Loading shows
 * skeleton rows, a refetch keeps the rows dimmed under aria-busy, an error offers a retry, and an
 * empty list says so. On a phone the table scrolls sideways inside its own frame.
 */
export function DataTable<T, K extends string>({
  caption,
  hideCaption = false,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  isLoading = false,
  isFetching = false,
  error = null,
  onRetry,
  emptyText,
  skeletonRows = 5,
}: DataTableProps<T, K>) {
  const { t } = useTranslation("ui");
  const captionId = useId();
  const busy = isLoading || isFetching;
  const showSkeleton = isLoading && !rows;

  return (
    <div className="space-y-3">
      {error ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-red-200 bg-red-50 p-4 text-red-800"
        >
          <p>{error.message || t("table.error")}</p>
          {onRetry ? (
            <Button variant="light-error" size="sm" onClick={onRetry}>
              {t("table.retry")}
            </Button>
          ) : null}
        </div>
      ) : null}
      <section
        aria-labelledby={captionId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll frame must be reachable by keyboard to scroll a wide table on a phone.
        tabIndex={0}
        className="overflow-x-auto rounded-lg border border-gray-200 bg-white focus-visible:outline-2 focus-visible:outline-primary-600"
      >
        <table aria-busy={busy} className="w-full border-collapse text-left text-sm">
          <caption
            id={captionId}
            className={hideCaption ? "sr-only" : "px-4 pt-3 text-left font-semibold text-gray-900"}
          >
            {caption}
          </caption>
          <thead className="bg-gray-50 text-gray-600">
            <tr>
              {columns.map((column) => {
                const sortable = Boolean(column.sort && sort && onSort);
                const state = sort ? ariaSortOf(column, sort) : "none";
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={state === "none" ? undefined : state}
                    className={`border-b border-gray-200 px-4 py-3 font-semibold whitespace-nowrap ${column.class ?? ""}`}
                  >
                    {sortable ? (
                      <button
                        type="button"
                        onClick={() => onSort?.(column as TTableHeader<K>)}
                        className={`-mx-1 inline-flex cursor-pointer items-center gap-1 rounded px-1 font-semibold hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-primary-600 ${
                          state === "none" ? "" : "text-primary-700"
                        }`}
                      >
                        {column.title}
                        <SortIcon direction={state} />
                      </button>
                    ) : (
                      column.title
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className={isFetching && !showSkeleton ? "opacity-60 transition-opacity" : undefined}>
            {showSkeleton
              ? Array.from({ length: skeletonRows }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
                  <tr key={i} data-testid="skeleton-row">
                    {columns.map((column) => (
                      <td key={column.key} className="border-b border-gray-100 px-4 py-3">
                        <span className="block h-4 animate-pulse rounded bg-gray-200" />
                      </td>
                    ))}
                  </tr>
                ))
              : null}
            {!showSkeleton && rows?.length === 0 && !error ? (
              <tr>
                <td colSpan={columns.length} className="px-4 py-10 text-center text-gray-600">
                  {/* A wide table scrolls sideways on a phone: the text stays in the visible part. */}
                  <div className="sticky left-4 max-w-[calc(100vw-4rem)]" data-testid="table-empty">
                    {emptyText ?? t("table.empty")}
                  </div>
                </td>
              </tr>
            ) : null}
            {rows?.map((row) => (
              <tr key={rowKey(row)} className="align-top hover:bg-gray-50">
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={`border-b border-gray-100 px-4 py-3 text-gray-800 ${column.cellClass ?? column.class ?? ""}`}
                  >
                    {column.cell
                      ? column.cell(row)
                      : String((row as Record<string, unknown>)[column.key] ?? "")}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <p role="status" className="sr-only">
        {busy ? t("table.loading") : ""}
      </p>
    </div>
  );
}
