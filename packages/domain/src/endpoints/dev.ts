import { z } from "zod";
import { defineEndpoint } from "./define.ts";

export const ZDevInboxQuery = z.object({
  channel: z.enum(["sms", "email"]).optional(),
  /** Phone in any typed form, or an e-mail address. */
  to: z.string().max(254).optional(),
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
  created_at: z.string(),
});
export type TDevInboxEntry = z.infer<typeof ZDevInboxEntry>;

export const ZDevInboxResponse = z.object({ data: z.object({ entities: z.array(ZDevInboxEntry) }) });

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
};
