import { ZErrorResponse } from "../contracts/common.ts";
import { ZContactUsRequest, ZContactUsResponse, ZPackagesResponse } from "../contracts/marketing.ts";
import { ZPackagesListQuery } from "../contracts/marketing-lists.ts";
import { defineEndpoint } from "./define.ts";

const tags = ["marketing"];

/** Public marketing API (issue 4): the package price list and the contact-us form. */
export const marketingEndpoints = {
  listPackages: defineEndpoint({
    method: "GET",
    path: "/c/packages",
    auth: "guest",
    tags,
    summary: "Public package catalogue with the price per SMS (no token needed)",
    query: ZPackagesListQuery,
    responses: { 200: ZPackagesResponse },
  }),
  contactUs: defineEndpoint({
    method: "POST",
    path: "/c/contact-us",
    auth: "guest",
    tags,
    summary: "Send a message from the public contact form (validated, rate-limited, honeypot)",
    body: ZContactUsRequest,
    responses: { 202: ZContactUsResponse, 429: ZErrorResponse },
  }),
};
