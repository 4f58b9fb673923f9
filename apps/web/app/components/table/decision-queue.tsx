import type { SortSpec } from "@sms/domain/contracts/lists";
import type { Locale } from "@sms/domain/routes";
import { formatDateTime } from "@sms/domain/rules/format";
import { type ReactNode, useState } from "react";
import { Button } from "~/components/form";
import { isApiError } from "~/lib/api-client";
import { useListParams } from "~/lib/use-list-params";
import type { DataTableColumn } from "./data-table";
import { FilterSelect } from "./filter-select";
import { type ListPage, type ListQuery, ListTable } from "./list-table";
import { SearchBox } from "./search-box";

/**
 * A staff queue's decision (approve, reject, block…): the item and decision waiting for its
 * confirmation dialog, the dialog's error, and `run`, which decides, announces the result and closes
 * the dialog, or keeps it open with the server's message. The orders' and the senders' queues use it.
 */
export function useQueueDecision<Pending, Input, Result>(
  decide: { mutateAsync: (input: Input) => Promise<Result>; isPending: boolean },
  { announce, failed }: { announce: (result: Result) => void; failed: string },
) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setPending(null);
    setError(null);
  };
  const run = async (input: Input) => {
    setError(null);
    try {
      announce(await decide.mutateAsync(input));
      close();
    } catch (e) {
      setError(isApiError(e) ? e.message : failed);
    }
  };
  return { pending, setPending, error, close, run, busy: decide.isPending };
}

/**
 * A staff queue's list state in the URL (page, sort, `status` and `search`): the status shown
 * (`defaultStatus` until another is chosen, or "all"), what the API is asked for ("" for all), and
 * the query key that tells them apart.
 */
export function useQueueList<K extends string, S extends string>(options: {
  sort: SortSpec<K>;
  defaultSize: number;
  key: readonly unknown[];
  defaultStatus: S;
}) {
  const list = useListParams({
    sort: options.sort,
    filters: ["status", "search"],
    defaultSize: options.defaultSize,
    key: options.key,
  });
  const status = (list.filters.status ?? options.defaultStatus) as S | "all";
  return {
    list,
    status,
    request: { ...list.request, status: status === "all" ? ("" as const) : status },
    queryKey: [...list.queryKey, status],
  };
}

export interface QueueFiltersProps<S extends string> {
  /** The status shown, or "all". */
  status: S | "all";
  statuses: readonly S[];
  statusLabel: string;
  optionLabel: (status: S | "all") => string;
  onStatus: (status: string) => void;
  search: string;
  onSearch: (search: string) => void;
  searchLabel: string;
  searchHint: string;
  searchButton: string;
}

/** A staff queue's status filter (each status, then "all") beside its search box. */
export function QueueFilters<S extends string>(props: QueueFiltersProps<S>) {
  return (
    <div className="flex flex-wrap items-start gap-4">
      <FilterSelect
        label={props.statusLabel}
        value={props.status}
        options={[...props.statuses, "all" as const].map((s) => ({ value: s, label: props.optionLabel(s) }))}
        onChange={props.onStatus}
        testId="status-filter"
      />
      <SearchBox
        label={props.searchLabel}
        description={props.searchHint}
        value={props.search}
        onSearch={props.onSearch}
        submitLabel={props.searchButton}
      />
    </div>
  );
}

/** A staff queue's words: its filters' and its table's. */
export interface DecisionQueueWords<S extends string> {
  statusLabel: string;
  optionLabel: (status: S | "all") => string;
  searchLabel: string;
  searchHint: string;
  searchButton: string;
  caption: string;
  empty: string;
}

export interface DecisionQueueProps<T extends { id: number }, K extends string, S extends string> {
  /** useQueueList's list and the status shown. */
  queue: Pick<ReturnType<typeof useQueueList<K, S>>, "list" | "status">;
  statuses: readonly S[];
  query: ListQuery & { data: ListPage<T> | undefined };
  columns: readonly DataTableColumn<T, K>[];
  words: DecisionQueueWords<S>;
  /** The decision's dialogs. */
  children: ReactNode;
}

/** A staff queue's page: the status filter and search over the list, the decision's dialogs under it. */
export function DecisionQueue<T extends { id: number }, K extends string, S extends string>({
  queue: { list, status },
  statuses,
  query,
  columns,
  words,
  children,
}: DecisionQueueProps<T, K, S>) {
  return (
    <div className="space-y-4">
      <QueueFilters
        status={status}
        statuses={statuses}
        statusLabel={words.statusLabel}
        optionLabel={words.optionLabel}
        onStatus={(value) => list.setFilters({ status: value })}
        search={list.filters.search ?? ""}
        onSearch={(search) => list.setFilters({ search })}
        searchLabel={words.searchLabel}
        searchHint={words.searchHint}
        searchButton={words.searchButton}
      />
      <ListTable
        caption={words.caption}
        hideCaption
        columns={columns}
        rowKey={(row) => row.id}
        emptyText={words.empty}
        skeletonRows={5}
        page={query.data}
        query={query}
        list={list}
      />
      {children}
    </div>
  );
}

/** When an item reached the queue, and its number under it; sortable. */
export function queuedAtColumn<T extends { id: number; created_at: string }, K extends string>(
  title: string,
  locale: Locale,
): DataTableColumn<T, K | "created_at"> {
  return {
    title,
    key: "created_at",
    sort: true,
    class: "whitespace-nowrap",
    cell: (row) => (
      <>
        <span className="block">{formatDateTime(new Date(row.created_at), locale)}</span>
        <span className="text-xs text-gray-500">#{row.id}</span>
      </>
    ),
  };
}

export interface QueueDecisionButton {
  label: string;
  onClick: () => void;
  testId: string;
}

/**
 * A waiting item's two decisions, the approval and the refusal (reject, block), each naming the
 * item (`name`) to a screen reader.
 */
export function DecisionButtons({
  name,
  approve,
  refuse,
}: {
  name: string;
  approve: QueueDecisionButton;
  refuse: QueueDecisionButton;
}) {
  return (
    <span className="flex flex-wrap gap-2">
      {([approve, refuse] as const).map((button, index) => (
        <Button
          key={button.testId}
          size="sm"
          variant={index === 0 ? "submit" : "light-error"}
          onClick={button.onClick}
          data-testid={button.testId}
        >
          {button.label}
          <span className="sr-only"> {name}</span>
        </Button>
      ))}
    </span>
  );
}
