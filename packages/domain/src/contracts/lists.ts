import { z } from "zod";
import type listTexts from "../../locales/en/lists.json";
import {
  type BoundedRangeRules,
  boundedDateRange,
  checkReportDates,
  type DateRangeRules,
  type ReportFilterMessageKey,
  reportChoice,
  reportDateFields,
  type TDateRange,
  toDateRange,
  ZReportPhone,
} from "../rules/report-filters.ts";
import { text } from "./text.ts";

/**
 * The one list convention of the API and the web tables (spec §3 "List responses", "Pagination",
 * "Table header"; §7 `page=1, reverse=false, sort=id, size=100`; §9 pager window 5).
 *
 * A list endpoint declares which columns it can be sorted by and its default order; the query
 * schema built from that rejects any other sort key, so the server never orders by a column it did
 * not choose (and never by user text). Messages are i18n keys with their texts in locales/<lang>/lists.json.
 */

export type ListMessageKey = keyof typeof listTexts;
const k = (key: ListMessageKey | ReportFilterMessageKey) => ({ error: key });

/** Spec §9: the pager shows at most this many page links; answered as `page_information.limit`. */
export const LIST_PAGER_WINDOW = 5;
export const LIST_DEFAULT_PAGE_SIZE = 10;
/** Spec §7 asks for 100 rows for the organization switch list; nothing needs more in one page. */
export const LIST_MAX_PAGE_SIZE = 100;
export const LIST_SEARCH_MAX_LENGTH = 100;

/** Spec §3: pagination; `limit` is the pager window (default 5). */
export const ZPageInformation = z.object({
  page: z.number().int(),
  total_pages: z.number().int(),
  size: z.number().int(),
  total_item: z.number().int(),
  limit: z.number().int(),
});
export type TPageInformation = z.infer<typeof ZPageInformation>;

/** Spec §3: every list answers `entities` and `page_information`. */
export function listResponse<T extends z.ZodType>(entity: T) {
  return z.object({ data: z.object({ entities: z.array(entity), page_information: ZPageInformation }) });
}

/** `total_pages` is at least 1, so an empty list still reads "page 1 of 1". */
export function pageInformation(page: number, size: number, totalItem: number): TPageInformation {
  return {
    page,
    size,
    total_item: totalItem,
    total_pages: Math.max(1, Math.ceil(totalItem / size)),
    limit: LIST_PAGER_WINDOW,
  };
}

const ZPage = z.coerce
  .number(k("validation.page_invalid"))
  .int(k("validation.page_invalid"))
  .min(1, k("validation.page_invalid"))
  // Keeps OFFSET far from bigint overflow; no real list reaches a million pages.
  .max(1_000_000, k("validation.page_invalid"));

/** Query strings carry text; typed callers may send a real boolean. */
const ZReverse = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")], {
  error: "validation.reverse_invalid" satisfies ListMessageKey,
});

const ZSearch = text()
  .trim()
  .max(LIST_SEARCH_MAX_LENGTH, k("validation.search_too_long"))
  .transform((v) => v || undefined);

/** Sort keys a list accepts, with the order used when the caller names none. */
export interface SortSpec<K extends string> {
  keys: readonly [K, ...K[]];
  default: { key: K; reverse: boolean };
}

export interface ListQueryOptions<K extends string> {
  sort: SortSpec<K>;
  defaultSize?: number;
  maxSize?: number;
}

/** The resolved query a list use case receives: sort is always one of the endpoint's keys. */
export interface TListQueryOf<K extends string> {
  page: number;
  size: number;
  sort: K;
  reverse: boolean;
  search?: string | undefined;
}

/** Declares an endpoint's sort whitelist and default order once, for the server and the web table. */
export function defineSort<const K extends string>(
  keys: readonly [K, ...K[]],
  defaultSort: { key: NoInfer<K>; reverse: boolean },
): SortSpec<K> {
  return { keys, default: defaultSort };
}

/** The fields of a list query; report queries add their filters to the same object. */
export function listQueryShape<K extends string>({
  sort,
  defaultSize = LIST_DEFAULT_PAGE_SIZE,
  maxSize = LIST_MAX_PAGE_SIZE,
}: ListQueryOptions<K>) {
  return {
    page: ZPage.default(1),
    size: z.coerce
      .number(k("validation.page_size_invalid"))
      .int(k("validation.page_size_invalid"))
      .min(1, k("validation.page_size_invalid"))
      .max(maxSize, k("validation.page_size_invalid"))
      .default(defaultSize),
    sort: z.enum(sort.keys, k("validation.sort_invalid")).optional(),
    reverse: ZReverse.optional(),
    search: ZSearch.optional(),
  };
}

/**
 * Without `sort` the default order applies, including its direction; with `sort` and no `reverse`
 * the order is ascending, as a table header's first click would ask.
 */
export function resolveSort<
  K extends string,
  T extends { sort?: K | undefined; reverse?: boolean | undefined },
>(value: T, spec: SortSpec<K>): Omit<T, "sort" | "reverse"> & { sort: K; reverse: boolean } {
  const sort = value.sort ?? spec.default.key;
  const reverse = value.reverse ?? (value.sort === undefined ? spec.default.reverse : false);
  return { ...value, sort, reverse };
}

/** The query schema of one list endpoint: paging, its sort whitelist and an optional search text. */
export function listQuery<K extends string>(options: ListQueryOptions<K>) {
  return z.object(listQueryShape(options)).transform((value) => resolveSort(value, options.sort));
}

export interface ReportQueryOptions<K extends string, S extends string, T extends string, B extends boolean>
  extends ListQueryOptions<K> {
  /** The longest period this report accepts, in days (both ends counted). */
  maxDays: number;
  /**
   * For tables of millions of rows (messages, credit entries): a period is always applied, the last
   * `defaultDays` when the caller names none (see boundedDateRange).
   */
  bounded?: B;
  defaultDays?: number;
  statuses?: readonly [S, ...S[]];
  types?: readonly [T, ...T[]];
  now?: () => Date;
}

export interface TReportQuery<K extends string, S extends string, T extends string, B extends boolean>
  extends TListQueryOf<K> {
  range: B extends true ? TDateRange : TDateRange | undefined;
  status?: S | undefined;
  type?: T | undefined;
  /** The 66 form of the number searched for. */
  phone?: string | undefined;
}

export interface TReportQueryInput<K extends string, S extends string, T extends string> {
  page?: number | string;
  size?: number | string;
  sort?: K;
  reverse?: boolean | "true" | "false";
  search?: string;
  start?: string;
  end?: string;
  status?: S | "";
  type?: T | "";
  phone?: string;
}

/**
 * The query of one report: a list query plus the filter convention (`start`, `end`, `status`,
 * `type`, `phone`). Every report validates its filters the same way and answers the same messages.
 */
export function reportQuery<
  K extends string,
  S extends string = never,
  T extends string = never,
  B extends boolean = false,
>(options: ReportQueryOptions<K, S, T, B>): z.ZodType<TReportQuery<K, S, T, B>, TReportQueryInput<K, S, T>> {
  const rules: DateRangeRules = { maxDays: options.maxDays, now: options.now };
  const bounded: BoundedRangeRules = {
    maxDays: options.maxDays,
    ...(options.defaultDays ? { defaultDays: options.defaultDays } : {}),
    ...(options.now ? { now: options.now } : {}),
  };
  return z
    .object({
      ...listQueryShape(options),
      ...reportDateFields,
      status: options.statuses
        ? reportChoice(options.statuses, "status")
        : z.undefined(k("validation.status_invalid")).optional(),
      type: options.types
        ? reportChoice(options.types, "type")
        : z.undefined(k("validation.type_invalid")).optional(),
      phone: ZReportPhone,
    })
    .superRefine((value, ctx) => checkReportDates(value, ctx, rules))
    .transform(({ start, end, ...rest }) => {
      const given = start && end ? toDateRange(start, end) : undefined;
      return {
        ...resolveSort(rest, options.sort),
        range: options.bounded ? boundedDateRange(given, bounded) : given,
      };
    }) as unknown as z.ZodType<TReportQuery<K, S, T, B>, TReportQueryInput<K, S, T>>;
}

/** Paging only, for lists whose order is fixed (no `sort` parameter). */
export const ZListQuery = z.object({
  page: ZPage.default(1),
  size: z.coerce
    .number(k("validation.page_size_invalid"))
    .int(k("validation.page_size_invalid"))
    .min(1, k("validation.page_size_invalid"))
    .max(LIST_MAX_PAGE_SIZE, k("validation.page_size_invalid"))
    .default(LIST_DEFAULT_PAGE_SIZE),
  search: ZSearch.optional(),
});
export type TListQuery = z.infer<typeof ZListQuery>;

/**
 * Spec §3 table header: `title` (an i18n key or text), `key` (the field, and the sort key when
 * `sort` is set), `class` (column classes), `sort` (the column can order the list) and `reverse`
 * (its direction on the first click: true for "newest first" on a date column).
 */
export interface TTableHeader<K extends string = string> {
  title: string;
  key: K;
  class?: string;
  sort?: boolean;
  reverse?: boolean;
}

/** A header of a table over a list whose sort whitelist is K: only those keys may be sortable. */
export type THeaderFor<K extends string> =
  | (TTableHeader<K> & { sort: true })
  | (Omit<TTableHeader, "sort"> & { sort?: false | undefined });

/**
 * The headers of one table, checked against the endpoint's sort whitelist at compile time and at
 * run time (a typo would otherwise answer 400 on the first click).
 */
export function defineHeaders<K extends string>(
  sort: SortSpec<K>,
  headers: readonly THeaderFor<NoInfer<K>>[],
): readonly TTableHeader[] {
  for (const header of headers) {
    if (header.sort && !(sort.keys as readonly string[]).includes(header.key)) {
      throw new Error(`Header "${header.key}" is sortable but not in the sort whitelist`);
    }
  }
  return headers;
}

export interface TSortState<K extends string = string> {
  sort: K;
  reverse: boolean;
}

/** Clicking a header: the current sort column flips direction; another column starts at its own default. */
export function nextSort<K extends string>(current: TSortState<K>, header: TTableHeader<K>): TSortState<K> {
  if (!header.sort) return current;
  if (current.sort === header.key) return { sort: header.key, reverse: !current.reverse };
  return { sort: header.key, reverse: header.reverse ?? false };
}

/** The `aria-sort` of a header cell; undefined for a column that cannot sort. */
export function ariaSortOf(
  header: TTableHeader,
  current: TSortState,
): "ascending" | "descending" | "none" | undefined {
  if (!header.sort) return undefined;
  if (current.sort !== header.key) return "none";
  return current.reverse ? "descending" : "ascending";
}

/**
 * The page links to show: at most `limit` consecutive pages around the current one, clamped to
 * [1, totalPages] (spec §9 window 5), e.g. page 6 of 20 → 4 5 6 7 8.
 */
export function pageWindow(page: number, totalPages: number, limit = LIST_PAGER_WINDOW): number[] {
  const total = Math.max(1, Math.floor(totalPages));
  const size = Math.max(1, Math.min(Math.floor(limit), total));
  const current = Math.min(Math.max(1, Math.floor(page)), total);
  const first = Math.min(Math.max(1, current - Math.floor((size - 1) / 2)), total - size + 1);
  return Array.from({ length: size }, (_, i) => first + i);
}

/** The report filter rules are part of the list convention; re-exported so the package root offers them. */
export {
  type BoundedRangeRules,
  boundedDateRange,
  type DateRangeRules,
  DEFAULT_REPORT_DAYS,
  dateRange,
  dateRangeProblem,
  parseReportDate,
  type ReportFilterMessageKey,
  reportChoice,
  spanInDays,
  type TDateRange,
  type TDateRangeInput,
  type TReportDate,
  toDateRange,
  ZDateRange,
  ZReportPhone,
} from "../rules/report-filters.ts";
