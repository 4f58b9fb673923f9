import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createSimulatorGateway } from "./simulator.ts";
import type { SmsGateway } from "./sms-gateway.ts";

export type { OutgoingSms, SmsGateway } from "./sms-gateway.ts";

declare module "fastify" {
  interface FastifyInstance {
    smsGateway: SmsGateway;
  }
}

/** Decorates `app.smsGateway` for the modules registered after it. */
export const gatewayPlugin: FastifyPluginAsyncZod = fp(
  async (app) => {
    if (app.config.smsGateway === "smpp") {
      // Fail at start rather than silently dropping messages until the SMPP gateway exists.
      throw new Error("SMS_GATEWAY=smpp is not available yet; use the simulator");
    }
    app.decorate("smsGateway", createSimulatorGateway({ db: app.db.db }));
  },
  { name: "sms-gateway" },
);
