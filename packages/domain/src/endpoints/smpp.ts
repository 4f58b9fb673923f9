import { ZAdminIdParams } from "../contracts/admin.ts";
import { ZOrganizationApiKeyParams } from "../contracts/api-keys.ts";
import { ZErrorResponse } from "../contracts/common.ts";
import {
  ZIssuedSmppAccountResponse,
  ZSmppAccountResponse,
  ZSmppSettings,
  ZSmppSettingsResponse,
} from "../contracts/smpp.ts";
import { defineEndpoint } from "./define.ts";

const tags = ["smpp"];

/** Customers' SMPP access (issue 27 point 5): the credentials, and the settings staff set. */
export const smppEndpoints = {
  get: defineEndpoint({
    method: "GET",
    path: "/c/organizations/{id}/smpp-account",
    auth: "member",
    permission: "organization.view",
    organizationParam: "id",
    tags,
    summary: "The SMPP account: system_id (never the password), window, TPS, id format and where to connect",
    params: ZOrganizationApiKeyParams,
    responses: { 200: ZSmppAccountResponse, 404: ZErrorResponse },
  }),
  refresh: defineEndpoint({
    method: "PUT",
    path: "/c/organizations/{id}/smpp-account",
    auth: "member",
    permission: "api-keys.manage",
    organizationParam: "id",
    tags,
    summary: "Create or replace the SMPP system_id and password; the old ones stop binding at once",
    description:
      "The answer is the only time the password is shown: it is stored as an HMAC-SHA256 digest. " +
      "Binds already open stay open until they close.",
    params: ZOrganizationApiKeyParams,
    responses: { 200: ZIssuedSmppAccountResponse, 404: ZErrorResponse },
  }),
  adminGet: defineEndpoint({
    method: "GET",
    path: "/admin/organizations/{id}/smpp-settings",
    auth: "staff",
    tags,
    summary: "An organization's SMPP window, TPS and id format (admin)",
    params: ZAdminIdParams,
    responses: { 200: ZSmppSettingsResponse, 404: ZErrorResponse },
  }),
  adminUpdate: defineEndpoint({
    method: "PUT",
    path: "/admin/organizations/{id}/smpp-settings",
    auth: "staff",
    tags,
    summary: "Set an organization's SMPP window, TPS and id format (admin)",
    description: "Applies to the organization's next binds. The change is audited.",
    params: ZAdminIdParams,
    body: ZSmppSettings,
    responses: { 200: ZSmppSettingsResponse, 404: ZErrorResponse },
  }),
};
