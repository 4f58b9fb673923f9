import type { ServerModule } from "../../platform/module.ts";
import { templatesRoutes } from "./routes.ts";

/** SMS templates (issue 11). The only door into this module. */
export { templatesRoutes } from "./routes.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const templatesModule: ServerModule = { routes: templatesRoutes };
