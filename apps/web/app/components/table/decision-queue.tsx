import type { SortSpec } from "@sms/domain/contracts/lists";
import { useState } from "react";
import { isApiError } from "~/lib/api-client";
import { useListParams } from "~/lib/use-list-params";
import { FilterSelect } from "./filter-select";
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
