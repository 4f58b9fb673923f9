import { rawQuery, schema } from "@sms/db";
import { PRODUCT_VERSION, systemEndpoints } from "@sms/domain";
import { inArray } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../errors.ts";
import { registerEndpoint } from "../../platform/endpoint.ts";

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, systemEndpoints.configurations, async () => {
    const rows = await app.db
      .select({ key: schema.configurations.key, value: schema.configurations.value })
      .from(schema.configurations)
      .where(inArray(schema.configurations.key, ["tnc_version", "tnc_change_note"]));
    const value = (key: string) => rows.find((r) => r.key === key)?.value;
    const version = value("tnc_version");
    if (version === undefined) throw new AppError("INTERNAL", { messageKey: "errors.general" });
    return {
      data: {
        tnc_version: version,
        tnc_change_note: value("tnc_change_note") || null,
        dev_inbox: !app.config.production,
      },
    };
  });

  registerEndpoint(app, systemEndpoints.health, async (_request, reply) => {
    try {
      await rawQuery(app.dbHandle, "select 1");
      return { status: "ok" as const, database: "ok" as const, version: PRODUCT_VERSION };
    } catch (err) {
      app.log.error({ err }, "health check failed");
      return reply.status(503).send({ status: "degraded", database: "down", version: PRODUCT_VERSION });
    }
  });
};
