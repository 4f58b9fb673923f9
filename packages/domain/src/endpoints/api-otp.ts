import {
  ZOtpRequestIdParams,
  ZOtpRequestResponse,
  ZOtpRequestsQuery,
  ZOtpRequestsResponse,
} from "../contracts/api-otp.ts";
import { ZErrorResponse } from "../contracts/common.ts";
import { defineEndpoint } from "./define.ts";

const tags = ["api-keys"];

/** The report of the codes sent through POST /api/v2/otp/request (issue 14 point 3). */
export const apiOtpEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/c/otp-requests",
    auth: "member",
    permission: "reports.all",
    tags,
    summary:
      "OTP codes sent over a period (the last 7 days unless start/end are given, at most 31), newest first",
    description:
      "Filters: `phone` (any form), `status` (pending, verified, expired, failed). Never the pin or token.",
    query: ZOtpRequestsQuery,
    responses: { 200: ZOtpRequestsResponse },
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/c/otp-requests/{id}",
    auth: "member",
    permission: "reports.all",
    tags,
    summary: "One OTP code with the delivery status of its SMS (never the pin, token or text)",
    params: ZOtpRequestIdParams,
    responses: { 200: ZOtpRequestResponse, 404: ZErrorResponse },
  }),
};
