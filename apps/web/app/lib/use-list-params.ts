import {
  LIST_DEFAULT_PAGE_SIZE,
  LIST_MAX_PAGE_SIZE,
  nextSort,
  type SortSpec,
  type TSortState,
  type TTableHeader,
} from "@sms/domain/contracts/lists";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

export interface ListParamsOptions<K extends string, F extends string> {
  /** The endpoint's sort whitelist and default order (the same object the server validates with). */
  sort: SortSpec<K>;
  /** Filter parameters this list keeps in the URL, e.g. ["start", "end", "status", "type", "phone"]. */
  filters?: readonly F[];
  defaultSize?: number;
  /** The TanStack Query key prefix of the list, e.g. ["admin", "contact-submissions"]. */
  key: readonly unknown[];
}

/** What a list request sends: paging, sort and the filters that are set. */
export type ListRequest<K extends string, F extends string> = {
  page: number;
  size: number;
  sort: K;
  reverse: boolean;
} & Partial<Record<F, string>>;

export interface ListParams<K extends string, F extends string> extends TSortState<K> {
  page: number;
  size: number;
  filters: Partial<Record<F, string>>;
  /** The request for the API; equal views give equal objects. */
  request: ListRequest<K, F>;
  queryKey: readonly unknown[];
  setPage: (page: number) => void;
  setSort: (sort: TSortState<K>) => void;
  /** A header click: flips the current column, starts another at its default (spec §3 header model). */
  toggleSort: (header: TTableHeader<K>) => void;
  /** Sets (or with "" / undefined clears) filters; back to page 1. */
  setFilters: (filters: Partial<Record<F, string | undefined>>) => void;
  /** The search string ("?page=3&sort=…", or "" for page 1 of the default view) of another page, for real, shareable pager links. */
  searchForPage: (page: number) => string;
}

function positiveInt(text: string | null): number | undefined {
  if (text === null || !/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return value >= 1 ? value : undefined;
}

/**
 * The state of a list lives in the URL search params (page, size, sort, reverse and the list's
 * filters), so a reload, the back button or a shared link shows the same view. Values that equal
 * the defaults are left out of the URL; anything unreadable falls back to the default rather than
 * failing the request. Changing the sort or a filter goes back to page 1.
 */
export function useListParams<K extends string, F extends string = never>(
  options: ListParamsOptions<K, F>,
): ListParams<K, F> {
  const [searchParams, setSearchParams] = useSearchParams();
  const { sort: spec, filters: filterNames = [], defaultSize = LIST_DEFAULT_PAGE_SIZE, key } = options;

  const page = positiveInt(searchParams.get("page")) ?? 1;
  const size = Math.min(positiveInt(searchParams.get("size")) ?? defaultSize, LIST_MAX_PAGE_SIZE);
  const sortParam = searchParams.get("sort");
  const namedSort = (spec.keys as readonly string[]).includes(sortParam ?? "") ? (sortParam as K) : undefined;
  const reverseParam = searchParams.get("reverse");
  const explicitReverse = reverseParam === "true" ? true : reverseParam === "false" ? false : undefined;
  const sort = namedSort ?? spec.default.key;
  const reverse = explicitReverse ?? (namedSort === undefined ? spec.default.reverse : false);

  const filterKey = filterNames.map((name) => `${name}=${searchParams.get(name) ?? ""}`).join("&");
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey stands for the filter values.
  const filters = useMemo(() => {
    const values: Partial<Record<F, string>> = {};
    for (const name of filterNames) {
      const value = searchParams.get(name);
      if (value) values[name] = value;
    }
    return values;
  }, [filterKey]);

  const request = useMemo(
    () => ({ page, size, sort, reverse, ...filters }) as ListRequest<K, F>,
    [page, size, sort, reverse, filters],
  );

  const update = useCallback(
    (change: (next: URLSearchParams) => void) => {
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      });
    },
    [setSearchParams],
  );

  const writeSort = useCallback(
    (next: URLSearchParams, value: TSortState<K>) => {
      if (value.sort === spec.default.key && value.reverse === spec.default.reverse) {
        next.delete("sort");
        next.delete("reverse");
      } else {
        next.set("sort", value.sort);
        next.set("reverse", String(value.reverse));
      }
    },
    [spec],
  );

  const setPage = useCallback(
    (value: number) =>
      update((next) => {
        if (value <= 1) next.delete("page");
        else next.set("page", String(Math.floor(value)));
      }),
    [update],
  );

  const setSort = useCallback(
    (value: TSortState<K>) =>
      update((next) => {
        writeSort(next, value);
        next.delete("page");
      }),
    [update, writeSort],
  );

  const toggleSort = useCallback(
    (header: TTableHeader<K>) => setSort(nextSort({ sort, reverse }, header)),
    [setSort, sort, reverse],
  );

  const setFilters = useCallback(
    (values: Partial<Record<F, string | undefined>>) =>
      update((next) => {
        for (const [name, value] of Object.entries(values) as [F, string | undefined][]) {
          const text = value?.trim();
          if (text) next.set(name, text);
          else next.delete(name);
        }
        next.delete("page");
      }),
    [update],
  );

  const searchForPage = useCallback(
    (value: number) => {
      const next = new URLSearchParams(searchParams);
      if (value <= 1) next.delete("page");
      else next.set("page", String(value));
      const search = next.toString();
      return search ? `?${search}` : "";
    },
    [searchParams],
  );

  const queryKey = useMemo(() => [...key, request], [key, request]);

  return {
    page,
    size,
    sort,
    reverse,
    filters,
    request,
    queryKey,
    setPage,
    setSort,
    toggleSort,
    setFilters,
    searchForPage,
  };
}
