import type { ServerModule } from "../../platform/module.ts";
import { apiSettingsRoutes } from "./routes.ts";

/** The organization's public-API settings (issue 14 points 3–4). The only door into this module. */
export {
  type ApiSettingsRow,
  apiSettingsOf,
  type EffectiveApiSettings,
  readApiSettings,
} from "./api-settings.ts";
export { readInboxSettings, storeInboxSettings } from "./inbox-settings.ts";
export { storeWebhookSecrets } from "./webhook-secret-rows.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const apiSettingsModule: ServerModule = { routes: apiSettingsRoutes };
