/** Contact groups, contacts and exports (issue 11). The only door into this module. */

export { contactsJobs } from "./jobs.ts";
export { contactsRoutes } from "./routes.ts";
