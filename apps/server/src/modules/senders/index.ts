/** Sender names: requests, the staff's queue, inactivity cancellation (issue 11). The only door into this module. */

export { sendersJobs } from "./jobs.ts";
export { sendersRoutes } from "./routes.ts";
