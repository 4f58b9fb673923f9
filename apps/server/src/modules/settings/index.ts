/** The organization's alert settings and the alert jobs (issue 15 point 4). The only door into this module. */
export { settingsJobs } from "./jobs.ts";
export { settingsRoutes } from "./routes.ts";
