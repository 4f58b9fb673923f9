/** Issue 27 point 3: the public API's request log. */
export { ApiLogsPage } from "./components/api-logs-page";
