import { z } from "zod";
import { ZErrorResponse } from "../contracts/common.ts";
import {
  ZOtpConversionExportQuery,
  ZOtpConversionQuery,
  ZOtpConversionResponse,
  ZOtpDenyRangesResponse,
  ZOtpHoldParams,
  ZOtpHoldReleaseResponse,
  ZReplaceOtpDenyRangesRequest,
} from "../contracts/otp-guard.ts";
import { defineEndpoint } from "./define.ts";

const exportFile = z.unknown().meta({
  type: "string",
  format: "binary",
  description: "text/csv (UTF-8 with a BOM) or an XLSX workbook, sent as an attachment",
});

/** The OTP report's conversion insight (issue 28 point 3, ADR 99). */
export const otpConversionEndpoints = {
  conversion: defineEndpoint({
    method: "GET",
    path: "/c/otp-requests/conversion",
    auth: "member",
    permission: "reports.all",
    tags: ["api-keys"],
    summary: "OTP conversion: requests, verified, expired, failed and blocked codes per day and per sender",
    description:
      "The last 7 Bangkok days unless start/end (at most 31); `sender` narrows to one sender. Conversion is " +
      "verified / requests; the time to verify is the median from the request to its verification. Blocked " +
      "requests (the fraud guard's refusals, never sent nor charged) are counted apart, with the prefixes held now.",
    query: ZOtpConversionQuery,
    responses: { 200: ZOtpConversionResponse },
  }),
  export: defineEndpoint({
    method: "GET",
    path: "/c/otp-requests/conversion/export",
    auth: "member",
    permission: "reports.all",
    tags: ["api-keys"],
    summary: "Download the OTP conversion per day and sender as CSV or XLSX",
    description:
      "The same period and sender as GET /c/otp-requests/conversion plus `format` (csv or xlsx): one row per " +
      "Bangkok day and sender; headers in the caller's language.",
    query: ZOtpConversionExportQuery,
    responses: { 200: exportFile },
  }),
  releaseHold: defineEndpoint({
    method: "POST",
    path: "/c/otp-holds/{prefix}/release",
    auth: "member",
    permission: "api-keys.manage",
    tags: ["api-keys"],
    summary: "Release a number range the SMS-pumping guard holds for the organization (ADR 98)",
    description:
      "Codes to the range go out again at once. The detection does not hold the range again on the codes it " +
      "already judged (the last hour's); a new collapse of its conversion holds it again.",
    params: ZOtpHoldParams,
    responses: { 200: ZOtpHoldReleaseResponse, 404: ZErrorResponse },
  }),
};

/** The OTP fraud guard's deny list (issue 28 point 2, ADR 98): staff edit it; audited. */
export const otpDenyRangesEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/admin/otp-deny-ranges",
    auth: "staff",
    tags: ["admin"],
    summary: "The number ranges no OTP code may go to: premium-rate and unallocated (admin)",
    responses: { 200: ZOtpDenyRangesResponse },
  }),
  replace: defineEndpoint({
    method: "PUT",
    path: "/admin/otp-deny-ranges",
    auth: "staff",
    tags: ["admin"],
    summary: "Replace the OTP deny list (admin)",
    body: ZReplaceOtpDenyRangesRequest,
    responses: { 200: ZOtpDenyRangesResponse, 400: ZErrorResponse },
  }),
};
