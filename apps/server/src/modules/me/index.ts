import type { ServerModule } from "../../platform/module.ts";
import { meRoutes } from "./routes.ts";

export { getMe } from "./get-me.ts";
export { meRoutes } from "./routes.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const meModule: ServerModule = { routes: meRoutes };
