import type { ServerModule } from "../../platform/module.ts";
import { apiKeysRoutes } from "./routes.ts";

/** Public-API credentials and the IP whitelist (issue 14). The only door into this module. */
export { type ApiCallerLimits, authenticateApiCaller, verifyApiCaller } from "./authenticate-api-caller.ts";
export { getSmppCredential, refreshSmppCredentials } from "./smpp-credentials.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const apiKeysModule: ServerModule = { routes: apiKeysRoutes };
