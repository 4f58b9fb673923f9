/** The organization's public-API settings (issue 14 points 3–4). The only door into this module. */
export { type EffectiveApiSettings, readApiSettings } from "./api-settings.ts";
export { apiSettingsRoutes } from "./routes.ts";
export { storeWebhookSecrets } from "./webhook-secret-rows.ts";
