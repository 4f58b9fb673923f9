import type { ServerModule } from "../../platform/module.ts";
import { contactImportsJobs } from "./jobs.ts";
import { contactImportsRoutes } from "./routes.ts";

/** Contact imports from CSV/XLSX: parse, preview, confirm (issue 11). The only door into this module. */
export { contactImportsJobs } from "./jobs.ts";
export { contactImportsRoutes } from "./routes.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const contactImportsModule: ServerModule = { routes: contactImportsRoutes, jobs: contactImportsJobs };
