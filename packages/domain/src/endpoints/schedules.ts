import { ZErrorResponse } from "../contracts/common.ts";
import {
  ZCreateScheduleRequest,
  ZScheduleDetailResponse,
  ZScheduleIdParams,
  ZScheduleResponse,
  ZSchedulesQuery,
  ZSchedulesResponse,
} from "../contracts/schedules.ts";
import { defineEndpoint } from "./define.ts";

const tags = ["schedules"];

const WHEN =
  "`run_at` is `YYYY-MM-DD HH:mm` on the Bangkok clock (or ISO 8601 with an offset), in the future (a " +
  "minute of slack) and within a year. With `cron` (5 fields: minute hour day-of-month month " +
  "day-of-week, Bangkok time, at most one run an hour) the send repeats at every occurrence from " +
  "`run_at` until `ends_at` (required, within two years, with at least one occurrence). The send is " +
  "checked now as POST /c/campaigns checks it (sender approved and fit for the purpose, groups, " +
  "template on, at most 1,000 typed numbers) and charged when each occurrence is sent; an occurrence " +
  "that cannot be sent (too few credits, sender no longer approved…) is recorded as failed and a " +
  "recurring send goes on.";

/**
 * Scheduled and recurring campaigns (spec §7 /c/schedules/campaigns*; issue 13 point 2). Another
 * organization's schedule id answers 404.
 */
export const schedulesEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/c/schedules/campaigns",
    auth: "member",
    permission: "reports.own",
    tags,
    summary: "Scheduled campaigns, newest first; search by name, filter by status",
    description: "A member without the all-reports right sees the schedules it made.",
    query: ZSchedulesQuery,
    responses: { 200: ZSchedulesResponse },
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/c/schedules/campaigns",
    auth: "member",
    permission: "messages.send",
    tags,
    summary: "Schedule a campaign to contact groups and/or manual contacts, once or recurring",
    description: WHEN,
    body: ZCreateScheduleRequest,
    responses: { 201: ZScheduleResponse, 404: ZErrorResponse, 422: ZErrorResponse },
  }),
  importFile: defineEndpoint({
    method: "POST",
    path: "/c/schedules/campaigns/import",
    auth: "member",
    permission: "messages.send",
    tags,
    summary: "Schedule a campaign from a CSV or XLSX file (multipart: `file` and the fields)",
    description:
      "The fields of POST /c/campaigns/import plus `run_at`, `cron` and `ends_at`. The file is read and " +
      "checked now exactly as `?dry_run=true` does (a bad file is refused with the same messages), then " +
      `kept until the schedule is completed or cancelled. ${WHEN}`,
    consumes: ["multipart/form-data"],
    responses: {
      201: ZScheduleResponse,
      404: ZErrorResponse,
      413: ZErrorResponse,
      422: ZErrorResponse,
    },
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/c/schedules/campaigns/{id}",
    auth: "member",
    permission: "reports.own",
    tags,
    summary: "One scheduled campaign with its last runs (the campaign each sent, or why it failed)",
    params: ZScheduleIdParams,
    responses: { 200: ZScheduleDetailResponse, 404: ZErrorResponse },
  }),
  cancel: defineEndpoint({
    method: "POST",
    path: "/c/schedules/campaigns/{id}/cancel",
    auth: "member",
    permission: "messages.send",
    tags,
    summary: "Cancel a scheduled campaign (active or paused); a file schedule's upload is removed",
    description: "A completed or already cancelled schedule answers 409.",
    params: ZScheduleIdParams,
    responses: { 200: ZScheduleResponse, 404: ZErrorResponse, 409: ZErrorResponse },
  }),
};
