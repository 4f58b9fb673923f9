import { z } from "zod";
import { ZRecipientNumber } from "../contracts/campaigns.ts";
import { text } from "../contracts/text.ts";
import { defineEndpoint } from "./define.ts";

export const ZDevInboxQuery = z.object({
  channel: z.enum(["sms", "email"]).optional(),
  /** Phone in any typed form, or an e-mail address. */
  to: text().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TDevInboxQuery = z.input<typeof ZDevInboxQuery>;

export const ZDevInboxEntry = z.object({
  id: z.number().int(),
  channel: z.enum(["sms", "email"]),
  message_id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  /** The simulator's delivery report for an SMS sent by the engine: its pair, and whether the engine has stored it. */
  report: z
    .object({ state: z.number().int(), code: z.string(), due_at: z.string(), stored: z.boolean() })
    .nullable(),
  created_at: z.string(),
});
export type TDevInboxEntry = z.infer<typeof ZDevInboxEntry>;

export const ZDevInboxResponse = z.object({ data: z.object({ entities: z.array(ZDevInboxEntry) }) });

/** A handset's reply through the simulator (a STOP opts the number out of the sender's marketing). */
export const ZDevReplyRequest = z.object({
  /** The replying handset, in any typed form (answered in the 66 form). */
  from: ZRecipientNumber,
  /** What it replied to: a sender name or number. */
  to: text().trim().min(1).max(20).default("SMSPortal"),
  text: text().min(1).max(1000),
});
export type TDevReplyRequest = z.input<typeof ZDevReplyRequest>;

export const ZDevReplyResponse = z.object({ data: z.object({ stop: z.boolean() }) });

/** Outside production only; deliberately open, so a person trying the product can read their codes. */
export const devEndpoints = {
  inbox: defineEndpoint({
    method: "GET",
    path: "/dev/inbox",
    auth: "guest",
    tags: ["development"],
    summary: "Dev inbox: SMS and e-mails sent (not in production)",
    query: ZDevInboxQuery,
    responses: { 200: ZDevInboxResponse },
  }),
  reply: defineEndpoint({
    method: "POST",
    path: "/dev/inbox/reply",
    auth: "guest",
    tags: ["development"],
    summary: "Dev inbox: a handset replies through the simulator (not in production)",
    body: ZDevReplyRequest,
    responses: { 202: ZDevReplyResponse },
  }),
};
