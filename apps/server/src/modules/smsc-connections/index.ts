export { smscConnectionsJobs } from "./jobs.ts";
export { smscConnectionsRoutes } from "./routes.ts";
export { createConnectionSource } from "./source.ts";
