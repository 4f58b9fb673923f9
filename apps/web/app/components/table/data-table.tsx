import { ariaSortOf, type THeaderFor, type TSortState, type TTableHeader } from "@sms/domain/contracts/lists";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/form";
import { controlClass } from "~/components/form/field";
import { useIsPhone } from "~/lib/use-media-query";

/**
 * Where a column goes in the card a phone shows instead of the table (below 640 px):
 * - `status`: the first line of the card (by default the column keyed `status`);
 * - `title`: the card's heading line (by default the first other column);
 * - `field`: a labelled line (the default);
 * - `actions`: the buttons and links at the bottom of the card, without a label (by default the
 *   columns keyed `actions` or `manage`);
 * - `hidden`: left out of the card (it repeats what another field says).
 */
export type CardPlace = "status" | "title" | "field" | "actions" | "hidden";

/**
 * A column: the spec §3 header model (title already translated; only the list's sort keys can be
 * sortable) and how to show a cell.
 */
export type DataTableColumn<T, K extends string = string> = THeaderFor<K> & {
  cell?: (row: T) => ReactNode;
  /** Classes of the body cells; the header's `class` when left out. Not used in the phone's cards. */
  cellClass?: string;
  /** The column's place in a phone's card; see CardPlace. */
  card?: CardPlace;
  /** Its cells head their rows (`<th scope="row">`), e.g. the day of a series. */
  rowHeader?: boolean;
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

/** The text of a plain cell: the row's field named like the column. */
export function cellOf<T, K extends string>(column: DataTableColumn<T, K>, row: T): ReactNode {
  return column.cell ? column.cell(row) : String((row as Record<string, unknown>)[column.key] ?? "");
}

/**
 * The one table of the app, driven by the spec §3 header model: a sortable header is a button
 * that asks the server for the other order (aria-sort tells the current one). Loading shows
 * skeleton rows, a refetch keeps the rows dimmed under aria-busy, an error offers a retry, and an
 * empty list says so. Below 640 px the same rows are a list of cards (DataCards, ADR 38): the
 * status first, then the title, the other columns as labelled lines and the actions, so nothing
 * needs a sideways scroll.
 */
export function DataTable<T, K extends string>(props: DataTableProps<T, K>) {
  const { t } = useTranslation("ui");
  const phone = useIsPhone();
  const { error = null, onRetry, isLoading = false, isFetching = false } = props;
  const busy = isLoading || isFetching;
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
      {phone ? <DataCards {...props} /> : <WideTable {...props} />}
      <p role="status" className="sr-only">
        {busy ? t("table.loading") : ""}
      </p>
    </div>
  );
}

/** What the table and the cards show alike, read from the same props. */
function useTableStates<T, K extends string>({
  rows,
  isLoading = false,
  isFetching = false,
  error = null,
  emptyText,
}: DataTableProps<T, K>) {
  const { t } = useTranslation("ui");
  const captionId = useId();
  const showSkeleton = isLoading && !rows;
  return {
    captionId,
    busy: isLoading || isFetching,
    showSkeleton,
    /** A newer page or order is on its way: the rows shown are dimmed. */
    dimmed: isFetching && !showSkeleton,
    /** What an empty list says; null while loading, with rows, or when an error explains it. */
    empty: !showSkeleton && rows?.length === 0 && !error ? (emptyText ?? t("table.empty")) : null,
  };
}

function WideTable<T, K extends string>(props: DataTableProps<T, K>) {
  const { caption, hideCaption = false, columns, rows, rowKey, sort, onSort, skeletonRows = 5 } = props;
  const { captionId, busy, showSkeleton, dimmed, empty } = useTableStates(props);

  return (
    <section
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll frame must be reachable by keyboard to scroll a wide table.
      tabIndex={0}
      // relative: the frame is the containing block of its cells' absolutely placed parts (a button's
      // sr-only "#id"), so they scroll with the table instead of widening the page past its edge.
      className="relative overflow-x-auto rounded-lg border border-gray-200 bg-white focus-visible:outline-2 focus-visible:outline-primary-600"
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
        <tbody className={dimmed ? "opacity-60 transition-opacity" : undefined}>
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
          {empty !== null ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-10 text-center text-gray-600">
                <div data-testid="table-empty">{empty}</div>
              </td>
            </tr>
          ) : null}
          {rows?.map((row) => (
            <tr key={rowKey(row)} data-row="" className="align-top hover:bg-gray-50">
              {columns.map((column) => {
                const className = `border-b border-gray-100 px-4 py-3 text-gray-800 ${column.cellClass ?? column.class ?? ""}`;
                return column.rowHeader ? (
                  <th key={column.key} scope="row" className={`text-start font-normal ${className}`}>
                    {cellOf(column, row)}
                  </th>
                ) : (
                  <td key={column.key} className={className}>
                    {cellOf(column, row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Each column's place in a card: explicit, or status and actions by key, title the first other column. */
export function cardPlaces<T, K extends string>(columns: readonly DataTableColumn<T, K>[]): CardPlace[] {
  const places: (CardPlace | undefined)[] = columns.map(
    (c) => c.card ?? (c.key === "actions" || c.key === "manage" ? "actions" : undefined),
  );
  if (!places.includes("status")) {
    const byKey = columns.findIndex((c, i) => c.key === "status" && places[i] === undefined);
    if (byKey >= 0) places[byKey] = "status";
  }
  if (!places.includes("title")) {
    const first = places.indexOf(undefined);
    if (first >= 0) places[first] = "title";
  }
  return places.map((p) => p ?? "field");
}

/** A cell that renders nothing is left out of the card rather than shown as an empty line. */
const isBlank = (node: ReactNode) => node === null || node === undefined || node === false || node === "";

/** The sort of a list shown as cards: which column, and the direction, since there are no headers to press. */
function CardSort<T, K extends string>({
  columns,
  sort,
  onSort,
}: {
  columns: readonly DataTableColumn<T, K>[];
  sort: TSortState<K>;
  onSort: (header: TTableHeader<K>) => void;
}) {
  const { t } = useTranslation("ui");
  const id = useId();
  const sortable = columns.filter((c) => c.sort) as TTableHeader<K>[];
  const current = sortable.find((c) => c.key === sort.sort);
  if (sortable.length === 0) return null;
  const state = current ? ariaSortOf(current, sort) : undefined;
  return (
    <div className="flex items-center gap-2 text-sm" data-testid="card-sort">
      <label htmlFor={id} className="shrink-0 text-gray-700">
        {t("table.sortBy")}
      </label>
      <select
        id={id}
        value={sort.sort}
        onChange={(event) => {
          const column = sortable.find((c) => c.key === event.target.value);
          if (column) onSort(column);
        }}
        className={`${controlClass} min-w-0 flex-1 py-[calc(--spacing(2)-1px)]`}
      >
        {sortable.map((column) => (
          <option key={column.key} value={column.key}>
            {column.title}
          </option>
        ))}
      </select>
      {current ? (
        <Button
          variant="light-gray"
          className="shrink-0 whitespace-nowrap"
          aria-label={t("table.reverseOrder", {
            order: t(state === "descending" ? "table.descending" : "table.ascending"),
          })}
          onClick={() => onSort(current)}
        >
          <SortIcon direction={state} />
          {t(state === "descending" ? "table.descending" : "table.ascending")}
        </Button>
      ) : null}
    </div>
  );
}

/** The rows as cards, for a phone (see DataTable). */
function DataCards<T, K extends string>(props: DataTableProps<T, K>) {
  const { caption, hideCaption = false, columns, rows, rowKey, sort, onSort, skeletonRows = 5 } = props;
  const { captionId, busy, showSkeleton, dimmed, empty } = useTableStates(props);
  const places = cardPlaces(columns);
  const placed = (place: CardPlace) => columns.filter((_, i) => places[i] === place);
  const [status] = placed("status");
  const [title] = placed("title");
  const fields = placed("field");
  const actions = placed("actions");

  return (
    <section aria-labelledby={captionId} aria-busy={busy} className="space-y-3" data-testid="data-cards">
      <p id={captionId} className={hideCaption ? "sr-only" : "font-semibold text-gray-900"}>
        {caption}
      </p>
      {sort && onSort ? <CardSort columns={columns} sort={sort} onSort={onSort} /> : null}
      {showSkeleton ? (
        <ul aria-hidden="true" className="space-y-3">
          {Array.from({ length: Math.min(skeletonRows, 3) }, (_, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity.
              key={i}
              data-testid="skeleton-row"
              className="space-y-2 rounded-lg border border-gray-200 bg-white p-3"
            >
              <span className="block h-5 w-24 animate-pulse rounded-full bg-gray-200" />
              <span className="block h-4 w-3/4 animate-pulse rounded bg-gray-200" />
              <span className="block h-4 w-1/2 animate-pulse rounded bg-gray-200" />
            </li>
          ))}
        </ul>
      ) : null}
      {empty !== null ? (
        <p
          className="rounded-lg border border-gray-200 bg-white px-4 py-8 text-center text-sm text-gray-600"
          data-testid="table-empty"
        >
          {empty}
        </p>
      ) : null}
      {rows && rows.length > 0 ? (
        <ul
          aria-labelledby={captionId}
          className={`space-y-3 ${dimmed ? "opacity-60 transition-opacity" : ""}`}
        >
          {rows.map((row) => {
            const statusCell = status ? cellOf(status, row) : null;
            const titleCell = title ? cellOf(title, row) : null;
            const lines = fields.map((c) => [c, cellOf(c, row)] as const).filter(([, v]) => !isBlank(v));
            const buttons = actions.map((c) => [c, cellOf(c, row)] as const).filter(([, v]) => !isBlank(v));
            return (
              <li
                key={rowKey(row)}
                data-row=""
                data-testid="data-card"
                className="rounded-lg border border-gray-200 bg-white p-3 text-sm text-gray-800 shadow-xs"
              >
                {status && !isBlank(statusCell) ? (
                  <div className="mb-2" data-testid="card-status">
                    <span className="sr-only">{status.title}: </span>
                    {statusCell}
                  </div>
                ) : null}
                {title && !isBlank(titleCell) ? (
                  <div className="font-semibold break-words text-gray-900">
                    <span className="sr-only">{title.title}: </span>
                    {titleCell}
                  </div>
                ) : null}
                {lines.length > 0 ? (
                  <dl className="mt-2 grid grid-cols-[fit-content(45%)_minmax(0,1fr)] gap-x-3 gap-y-1.5">
                    {lines.map(([column, value]) => (
                      <div key={column.key} className="contents">
                        <dt className="text-gray-600">{column.title}</dt>
                        <dd className="min-w-0 break-words">{value}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
                {buttons.length > 0 ? (
                  <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-gray-100 pt-3">
                    {buttons.map(([column, value]) => (
                      <div key={column.key} className="min-w-0">
                        {value}
                      </div>
                    ))}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
