import {
  ZApiKeysResponse,
  ZCallerAddressResponse,
  ZCreateWhitelistIpRequest,
  ZDeleteWhitelistIpResponse,
  ZOrganizationApiKeyParams,
  ZRefreshApiKeysRequest,
  ZRefreshApiKeysResponse,
  ZUpdateWhitelistIpRequest,
  ZWhitelistIpIdParams,
  ZWhitelistIpResponse,
  ZWhitelistIpsQuery,
  ZWhitelistIpsResponse,
} from "../contracts/api-keys.ts";
import { ZErrorResponse } from "../contracts/common.ts";
import { defineEndpoint } from "./define.ts";

const tags = ["api-keys"];

/**
 * The organization's public-API credentials and IP whitelist (spec §7, issue 14 points 1–2,
 * docs/decisions/0020-api-credentials.md). Every member may look (keys are public identifiers, and
 * secrets are never answered again); only the owner changes them, and not while suspended.
 */
export const apiKeysEndpoints = {
  get: defineEndpoint({
    method: "GET",
    path: "/c/organizations/{id}/api-key",
    auth: "member",
    permission: "organization.view",
    organizationParam: "id",
    tags,
    summary: "The SMS and OTP API keys (never the secrets): whether each pair exists and when it was made",
    params: ZOrganizationApiKeyParams,
    responses: { 200: ZApiKeysResponse, 404: ZErrorResponse },
  }),
  refresh: defineEndpoint({
    method: "PUT",
    path: "/c/organizations/{id}/api-key",
    auth: "member",
    permission: "api-keys.manage",
    organizationParam: "id",
    tags,
    summary: "Create or refresh the SMS and/or OTP key and secret; the old pair stops working at once",
    description:
      'Body `kind`: "sms", "otp" or "both". The answer is the only time the new secrets are shown: ' +
      "they are stored as an HMAC-SHA256 digest.",
    params: ZOrganizationApiKeyParams,
    body: ZRefreshApiKeysRequest,
    responses: { 200: ZRefreshApiKeysResponse, 404: ZErrorResponse },
  }),
};

/** The IP whitelist of the current organization (spec §7 /c/whitelist-ips). */
export const whitelistIpsEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/c/whitelist-ips",
    auth: "member",
    permission: "organization.view",
    tags,
    summary: "The addresses allowed to call the public API (an empty list allows every address)",
    query: ZWhitelistIpsQuery,
    responses: { 200: ZWhitelistIpsResponse },
  }),
  caller: defineEndpoint({
    method: "GET",
    path: "/c/whitelist-ips/caller",
    auth: "member",
    permission: "organization.view",
    tags,
    summary: "The address this request comes from, as a whitelist entry would store it",
    description:
      "What the portal shows beside the whitelist. It is the browser's address as this server sees it (trusted proxies applied), which is the address of a call from the same network.",
    responses: { 200: ZCallerAddressResponse },
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/c/whitelist-ips",
    auth: "member",
    permission: "api-keys.manage",
    tags,
    summary: "Allow an IPv4 or IPv6 address or CIDR range to call the public API",
    description: "The address is stored in its canonical form; the same address twice answers 409.",
    body: ZCreateWhitelistIpRequest,
    responses: { 201: ZWhitelistIpResponse, 409: ZErrorResponse },
  }),
  update: defineEndpoint({
    method: "PATCH",
    path: "/c/whitelist-ips/{id}",
    auth: "member",
    permission: "api-keys.manage",
    tags,
    summary: "Rename a whitelist entry or change its address",
    params: ZWhitelistIpIdParams,
    body: ZUpdateWhitelistIpRequest,
    responses: { 200: ZWhitelistIpResponse, 404: ZErrorResponse, 409: ZErrorResponse },
  }),
  delete: defineEndpoint({
    method: "DELETE",
    path: "/c/whitelist-ips/{id}",
    auth: "member",
    permission: "api-keys.manage",
    tags,
    summary: "Remove a whitelist entry (the last one removed allows every address again)",
    params: ZWhitelistIpIdParams,
    responses: { 200: ZDeleteWhitelistIpResponse, 404: ZErrorResponse },
  }),
};
