import type { ServerModule } from "../../platform/module.ts";
import { templatesRoutes } from "./routes.ts";

/** SMS templates (issue 11). The only door into this module. */
export const templatesModule: ServerModule = { routes: templatesRoutes };
