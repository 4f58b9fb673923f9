import { ZErrorResponse } from "../contracts/common.ts";
import { ZSettingsParams, ZSettingsResponse, ZUpdateSettingsRequest } from "../contracts/settings.ts";
import { defineEndpoint } from "./define.ts";

const tags = ["settings"];

/**
 * An organization's alerts (spec §1 Settings, issue 15 point 4). Every member may look; the owner and
 * Account Service change them (`settings.manage`). Another organization's id is 404.
 */
export const settingsEndpoints = {
  get: defineEndpoint({
    method: "GET",
    path: "/c/organizations/{id}/settings",
    auth: "member",
    organizationParam: "id",
    permission: "organization.view",
    tags,
    summary: "The low-credit and expiry alerts of an organization",
    description: "Without saved settings both alerts are off, with the default threshold and days.",
    params: ZSettingsParams,
    responses: { 200: ZSettingsResponse, 404: ZErrorResponse },
  }),
  update: defineEndpoint({
    method: "PUT",
    path: "/c/organizations/{id}/settings",
    auth: "member",
    organizationParam: "id",
    permission: "settings.manage",
    tags,
    summary: "Save the low-credit and expiry alerts",
    description:
      "`low_credit_threshold` 1–10,000,000 credits; `expiry_days` 1–90; channels `email`, `sms` or " +
      "`both`. The alerts are written in the request's language (Accept-Language). Changing an " +
      "alert's threshold, days or switching it on arms it again.",
    params: ZSettingsParams,
    body: ZUpdateSettingsRequest,
    responses: { 200: ZSettingsResponse, 404: ZErrorResponse },
  }),
};
