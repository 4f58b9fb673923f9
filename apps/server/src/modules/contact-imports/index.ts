/** Contact imports from CSV/XLSX: parse, preview, confirm (issue 11). The only door into this module. */
export { contactImportsJobs } from "./jobs.ts";
export { contactImportsRoutes } from "./routes.ts";
