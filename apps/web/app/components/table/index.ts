export { DataTable, type DataTableColumn, type DataTableProps } from "./data-table";
export { ExportButtons, type ExportButtonsProps } from "./export-buttons";
export { FilterSelect, type FilterSelectProps } from "./filter-select";
export {
  type ListControls,
  type ListPage,
  type ListQuery,
  ListTable,
  type ListTableProps,
} from "./list-table";
export { Pagination, type PaginationProps } from "./pagination";
export {
  type FilterOption,
  REPORT_FILTER_PARAMS,
  type ReportFilterParam,
  ReportFilters,
  type ReportFiltersProps,
  type ReportFilterValues,
} from "./report-filters";
export { SearchBox, type SearchBoxProps } from "./search-box";
