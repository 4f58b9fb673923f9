import type { TPageInformation, TSortState, TTableHeader } from "@sms/domain/contracts/lists";
import { DataTable, type DataTableProps } from "./data-table";
import { Pagination } from "./pagination";

/** One page of the spec's list answer. */
export interface ListPage<T> {
  entities: readonly T[];
  page_information: TPageInformation;
}

/** The state of the query that fetches the page. */
export interface ListQuery {
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/** The list's URL state (useListParams): the sort shown, and how to change sort and page. */
export type ListControls<K extends string> = TSortState<K> & {
  toggleSort: (header: TTableHeader<K>) => void;
  searchForPage: (page: number) => string;
};

export type ListTableProps<T, K extends string> = Omit<
  DataTableProps<T, K>,
  "rows" | "sort" | "onSort" | "isLoading" | "isFetching" | "error" | "onRetry"
> & { page: ListPage<T> | undefined; query: ListQuery; list: ListControls<K> };

/**
 * A server-paginated list: the DataTable wired to its query (skeleton, refetch, error with retry,
 * empty text) and to the list's URL state (sort), with the pagination under it once the first
 * page has arrived.
 */
export function ListTable<T, K extends string>({
  page,
  query,
  list,
  skeletonRows = 5,
  ...table
}: ListTableProps<T, K>) {
  return (
    <>
      <DataTable
        {...table}
        rows={page?.entities}
        sort={list}
        onSort={list.toggleSort}
        isLoading={query.isPending}
        isFetching={query.isFetching}
        error={query.isError ? query.error : null}
        onRetry={() => void query.refetch()}
        skeletonRows={skeletonRows}
      />
      {page ? <Pagination info={page.page_information} searchForPage={list.searchForPage} /> : null}
    </>
  );
}
