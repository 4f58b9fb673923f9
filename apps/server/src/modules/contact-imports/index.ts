import type { ServerModule } from "../../platform/module.ts";
import { contactImportsJobs } from "./jobs.ts";
import { contactImportsRoutes } from "./routes.ts";

/** Contact imports from CSV/XLSX: parse, preview, confirm (issue 11). The only door into this module. */
export const contactImportsModule: ServerModule = { routes: contactImportsRoutes, jobs: contactImportsJobs };
