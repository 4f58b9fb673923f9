export { DataTable, type DataTableColumn } from "./data-table";
export {
  DecisionButtons,
  DecisionQueue,
  queuedAtColumn,
  useQueueDecision,
  useQueueList,
} from "./decision-queue";
export { ExportButtons } from "./export-buttons";
export { FilterBar, FilterBarSelect } from "./filter-bar";
export { FilterSelect } from "./filter-select";
export { useFocusAfterDelete } from "./focus-after-delete";
export { ListTable } from "./list-table";
export { PlainTable, ScrollRegion } from "./plain-table";
export { ReportFilters } from "./report-filters";
export { SearchBox } from "./search-box";
export { StatusPill } from "./status-pill";
