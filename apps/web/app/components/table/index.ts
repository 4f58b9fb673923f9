export { CollapsibleFilters } from "./collapsible-filters";
export { DataTable, type DataTableColumn } from "./data-table";
export { ExportButtons } from "./export-buttons";
export { FilterSelect } from "./filter-select";
export { ListTable } from "./list-table";
export { ReportFilters } from "./report-filters";
export { SearchBox } from "./search-box";
