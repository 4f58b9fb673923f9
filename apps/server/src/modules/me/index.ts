import type { ServerModule } from "../../platform/module.ts";
import { meRoutes } from "./routes.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const meModule: ServerModule = { routes: meRoutes };
