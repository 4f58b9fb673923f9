/** The public SMS API compatible with ThaiBulkSMS v2 (issue 14 point 3). The only door into this module. */
export { publicApiRoutes } from "./routes.ts";
