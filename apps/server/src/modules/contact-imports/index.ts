/** Contact imports from CSV/XLSX: parse, preview, confirm (issue 11). The only door into this module. */
export { contactImportsJobs } from "./jobs.ts";
/** The streaming CSV and XLSX readers, also used by file campaigns (issue 12). */
export { type CsvEncoding, detectCsvEncoding, readCsvRows } from "./read-csv.ts";
export { readXlsxRows, type XlsxCell } from "./read-xlsx.ts";
export { contactImportsRoutes } from "./routes.ts";
