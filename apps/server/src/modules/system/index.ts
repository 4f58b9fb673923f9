import type { ServerModule } from "../../platform/module.ts";
import { systemRoutes } from "./routes.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const systemModule: ServerModule = { routes: systemRoutes };
