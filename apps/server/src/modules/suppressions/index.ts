import type { ServerModule } from "../../platform/module.ts";
import { suppressionsRoutes } from "./routes.ts";

/** The organization's suppression list: view, export, add and remove (issue 13 point 3). The only door into this module. */
export { suppressReportedBlocks, suppressStopRepliesSql } from "./engine-suppressions.ts";
export { isSuppressed, suppressByLink } from "./suppress-by-link.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const suppressionsModule: ServerModule = { routes: suppressionsRoutes };
