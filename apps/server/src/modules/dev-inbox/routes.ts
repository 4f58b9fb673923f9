import { schema } from "@sms/db";
import { devEndpoints, normaliseRecipient } from "@sms/domain";
import { and, desc, eq, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerEndpoint } from "../../platform/endpoint.ts";

/**
 * What the SMS simulator and the dev mailbox "sent", newest first, so a person trying the product
 * can read their codes. Not registered in production, where the path answers 404.
 */
export const devInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.production) return;
  registerEndpoint(app, devEndpoints.inbox, async (request) => {
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
  });
};
