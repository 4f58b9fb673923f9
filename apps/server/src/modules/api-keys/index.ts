/** Public-API credentials and the IP whitelist (issue 14). The only door into this module. */
export {
  type ApiCallerCredentials,
  type ApiCallerLimits,
  type ApiCallerResult,
  authenticateApiCaller,
  type VerifyApiCallerDeps,
  type VerifyApiCallerInput,
  verifyApiCaller,
} from "./authenticate-api-caller.ts";
export { apiKeysRoutes } from "./routes.ts";
