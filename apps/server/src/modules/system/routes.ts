import { rawQuery, schema } from "@sms/db";
import { PRODUCT_VERSION, systemEndpoints } from "@sms/domain";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../errors.ts";
import { registerEndpoint } from "../../platform/endpoint.ts";

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, systemEndpoints.configurations, async () => {
    const [row] = await app.db.db
      .select({ value: schema.configurations.value })
      .from(schema.configurations)
      .where(eq(schema.configurations.key, "tnc_version"));
    if (!row) throw new AppError("INTERNAL", { messageKey: "errors.general" });
    return { data: { tnc_version: row.value, dev_inbox: !app.config.production } };
  });

  registerEndpoint(app, systemEndpoints.health, async (_request, reply) => {
    try {
      await rawQuery(app.db, "select 1");
      return { status: "ok" as const, database: "ok" as const, version: PRODUCT_VERSION };
    } catch (err) {
      app.log.error({ err }, "health check failed");
      return reply.status(503).send({ status: "degraded", database: "down", version: PRODUCT_VERSION });
    }
  });
};
