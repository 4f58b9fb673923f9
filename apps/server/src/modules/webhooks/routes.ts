import { webhooksEndpoints } from "@sms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../errors.ts";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { resendNow } from "./deliver-webhooks.ts";
import { getApiMessage } from "./get-api-message.ts";
import { createHttpSender } from "./http-sender.ts";
import { getWebhookDelivery, listWebhookDeliveries, viewerOf } from "./read-deliveries.ts";
import { getWebhookSecret, rotateWebhookSecret } from "./webhook-secret.ts";

/** /c/webhook-deliveries, /c/api-webhook-secret and /c/api-messages/{id} (issue 14 point 5). */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const send = createHttpSender({
    allowPrivateAddresses: app.config.webhooks.allowPrivateAddresses,
    denyCidrs: app.config.webhooks.denyCidrs,
  });
  const sealKey = app.config.apiKeyPepper;

  registerEndpoint(app, webhooksEndpoints.list, async (request) => ({
    data: await listWebhookDeliveries(viewerOf(request), request.query),
  }));

  registerEndpoint(app, webhooksEndpoints.resend, async (request) => {
    const { scope } = request.tenant;
    const sent = await resendNow({ db: scope.db, sealKey, send }, scope.organizationId, request.params.id);
    if (!sent) throw new AppError("NOT_FOUND");
    return { data: await getWebhookDelivery(viewerOf(request), request.params.id) };
  });

  registerEndpoint(app, webhooksEndpoints.getSecret, async (request) => ({
    data: { secret: await getWebhookSecret(request.tenant.scope.db, sealKey, request.tenant.organizationId) },
  }));

  registerEndpoint(app, webhooksEndpoints.rotateSecret, async (request) => ({
    data: {
      secret: await rotateWebhookSecret(request.tenant.scope.db, sealKey, request.tenant.organizationId),
    },
  }));

  registerEndpoint(app, webhooksEndpoints.apiMessage, async (request) => ({
    data: await getApiMessage(viewerOf(request), request.params.id),
  }));
};
