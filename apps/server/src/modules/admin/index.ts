export { adminJobs } from "./jobs.ts";
export { adminRoutes } from "./routes.ts";
