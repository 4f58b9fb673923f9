import { ZContactSubmissionsResponse } from "../contracts/marketing.ts";
import { ZContactSubmissionsQuery } from "../contracts/marketing-lists.ts";
import { defineEndpoint } from "./define.ts";

/** Back-office calls (/admin/*): staff only. */
export const adminEndpoints = {
  listContactSubmissions: defineEndpoint({
    method: "GET",
    path: "/admin/contact-submissions",
    auth: "staff",
    tags: ["marketing", "admin"],
    summary: "Messages from the contact form, newest first (admin)",
    query: ZContactSubmissionsQuery,
    responses: { 200: ZContactSubmissionsResponse },
  }),
};
