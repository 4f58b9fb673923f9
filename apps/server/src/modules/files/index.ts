import type { ServerModule } from "../../platform/module.ts";
import { filesRoutes } from "./routes.ts";

export { contentDisposition } from "./content-disposition.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const filesModule: ServerModule = { routes: filesRoutes };
