import { ZApiSettingsResponse, ZUpdateApiSettingsRequest } from "../contracts/api-settings.ts";
import { defineEndpoint } from "./define.ts";

const tags = ["api-keys"];

/**
 * The organization's public-API settings (issue 14 points 3–4): the OTP SMS and the safety
 * thresholds. Every member may look; only those who manage the API keys change them.
 */
export const apiSettingsEndpoints = {
  get: defineEndpoint({
    method: "GET",
    path: "/c/api-settings",
    auth: "member",
    permission: "organization.view",
    tags,
    summary: "The OTP sender, language and texts, the rate limit and the SMS-pumping thresholds",
    description:
      "A null `otp_sender` or text means the default, answered in `default_sender` and `default_messages`.",
    responses: { 200: ZApiSettingsResponse },
  }),
  update: defineEndpoint({
    method: "PUT",
    path: "/c/api-settings",
    auth: "member",
    permission: "api-keys.manage",
    tags,
    summary: "Save the OTP and safety settings",
    description:
      "`otp_sender`: null/empty for the shared default or an approved sender of the organization. " +
      "`otp_message_th`/`otp_message_en`: at most 300 characters with `{pin}` (and optionally " +
      "`{refno}`, `{minutes}`); null/empty for the built-in text. `rate_limit_per_second` 1–1000; " +
      "`pump_prefix_max` and `pump_fresh_key_max` 0 (off) to 100000.",
    body: ZUpdateApiSettingsRequest,
    responses: { 200: ZApiSettingsResponse },
  }),
};
