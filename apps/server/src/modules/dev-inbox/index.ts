import type { ServerModule } from "../../platform/module.ts";
import { devInboxRoutes } from "./routes.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const devInboxModule: ServerModule = { routes: devInboxRoutes };
