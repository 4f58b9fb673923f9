import { schema } from "@sms/db";
import { devEndpoints, isStopReply, normaliseRecipient } from "@sms/domain";
import { and, desc, eq, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../errors.ts";
import type { SimulatorGateway } from "../../gateway/simulator.ts";
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
    const rows = await app.db
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
          report:
            r.receiptState !== null && r.receiptCode !== null && r.receiptDueAt !== null
              ? {
                  state: r.receiptState,
                  code: r.receiptCode,
                  due_at: r.receiptDueAt.toISOString(),
                  stored: r.receiptAckedAt !== null,
                }
              : null,
          created_at: r.createdAt.toISOString(),
        })),
      },
    };
  });

  registerEndpoint(app, devEndpoints.reply, async (request, reply) => {
    const gateway = app.smsGateway as Partial<SimulatorGateway>;
    // Only the simulator takes replies, and only a process that runs the worker listens for them.
    if (!gateway.simulateReply || !gateway.listening?.()) throw new AppError("UNAVAILABLE");
    await gateway.simulateReply({
      source: request.body.from,
      destination: request.body.to,
      text: request.body.text,
    });
    reply.code(202);
    return { data: { stop: isStopReply(request.body.text) } };
  });
};
