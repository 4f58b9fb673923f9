import { ZErrorResponse } from "../contracts/common.ts";
import { ZDashboardQuery, ZDashboardResponse } from "../contracts/dashboard.ts";
import { defineEndpoint } from "./define.ts";

const tags = ["dashboard"];

/** The dashboard (spec §7 GET /c/me/dashboard; issue 15 point 1) of the caller's current organization. */
export const dashboardEndpoints = {
  get: defineEndpoint({
    method: "GET",
    path: "/c/me/dashboard",
    auth: "member",
    permission: "organization.view",
    tags,
    summary:
      "Balance, expiry, the period's message figures by day, status and type, latest campaigns, checklist",
    description:
      "The period is `start`/`end` (Bangkok days, never after today, at most 92 days; a time is ignored), the " +
      "last 30 days without them. Message figures are read from the engine's daily rollups, never by " +
      "counting messages; `messages` is null for a member who may see only its own sends' reports.",
    query: ZDashboardQuery,
    responses: { 200: ZDashboardResponse, 400: ZErrorResponse },
  }),
};
