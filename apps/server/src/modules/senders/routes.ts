import { adminSendersEndpoints, sendersEndpoints } from "@sms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { appDeps } from "../../platform/deps.ts";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { approveSender } from "./approve-sender.ts";
import { blockSender } from "./block-sender.ts";
import { createSender } from "./create-sender.ts";
import { getAdminSender } from "./get-admin-sender.ts";
import { getSender } from "./get-sender.ts";
import { listAdminSenders } from "./list-admin-senders.ts";
import { listSenders } from "./list-senders.ts";

/** Sender names (/c/senders…) and the staff's sender queue (/admin/senders…). */
export const sendersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = appDeps(app);

  registerEndpoint(app, sendersEndpoints.list, async (request) => ({
    data: await listSenders(request.tenant.scope, request.query, request.locale),
  }));

  registerEndpoint(app, sendersEndpoints.get, async (request) => ({
    data: await getSender(request.tenant.scope, request.params.id, request.locale),
  }));

  registerEndpoint(app, sendersEndpoints.create, async (request, reply) =>
    reply.status(201).send({
      data: await createSender({
        scope: request.tenant.scope,
        userId: request.tenant.userId,
        input: request.body,
        locale: request.locale,
      }),
    }),
  );

  registerEndpoint(app, adminSendersEndpoints.list, async (request) => ({
    data: await listAdminSenders(app.db, request.query, request.locale),
  }));

  registerEndpoint(app, adminSendersEndpoints.get, async (request) => ({
    data: await getAdminSender(app.db, request.params.id, request.locale),
  }));

  registerEndpoint(app, adminSendersEndpoints.approve, async (request) => ({
    data: await approveSender(deps, {
      senderId: request.params.id,
      staffUserId: request.auth.userId,
      note: request.body.note,
      locale: request.locale,
    }),
  }));

  registerEndpoint(app, adminSendersEndpoints.block, async (request) => ({
    data: await blockSender(deps, {
      senderId: request.params.id,
      staffUserId: request.auth.userId,
      reason: request.body.reason,
      locale: request.locale,
    }),
  }));
};
