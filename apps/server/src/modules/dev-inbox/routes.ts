import { schema } from "@sms/db";
import { normaliseRecipient } from "@sms/domain";
import { and, desc, eq, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

const ZInboxQuery = z.object({
  channel: z.enum(["sms", "email"]).optional(),
  /** Phone in any typed form, or an e-mail address. */
  to: z.string().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const ZInboxResponse = z.object({
  data: z.object({
    entities: z.array(
      z.object({
        id: z.number().int(),
        channel: z.enum(["sms", "email"]),
        message_id: z.string(),
        from: z.string(),
        to: z.string(),
        subject: z.string().nullable(),
        text: z.string(),
        html: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
  }),
});

/**
 * What the SMS simulator and the dev mailbox "sent", newest first, so a person trying the product
 * can read their codes. Not registered in production, where the path answers 404.
 */
export const devInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.production) return;
  app.get(
    "/dev/inbox",
    {
      schema: {
        tags: ["development"],
        summary: "Dev inbox: SMS and e-mails sent (not in production)",
        querystring: ZInboxQuery,
        response: { 200: ZInboxResponse },
      },
    },
    async (request) => {
      const m = schema.devMessages;
      const { channel, to, limit } = request.query;
      const filters: SQL[] = [];
      if (channel) filters.push(eq(m.channel, channel));
      if (to)
        filters.push(
          eq(m.recipient, to.includes("@") ? to.trim().toLowerCase() : (normaliseRecipient(to) ?? to)),
        );
      const rows = await app.db.db
        .select()
        .from(m)
        .where(and(...filters))
        .orderBy(desc(m.createdAt), desc(m.id))
        .limit(limit);
      return {
        data: {
          entities: rows.map((r) => ({
            id: r.id,
            channel: r.channel,
            message_id: r.messageId,
            from: r.sender,
            to: r.recipient,
            subject: r.subject,
            text: r.text,
            html: r.html,
            created_at: r.createdAt.toISOString(),
          })),
        },
      };
    },
  );
};
