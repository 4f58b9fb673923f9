import { settingsEndpoints } from "@sms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { getSettings, updateSettings } from "./alert-settings.ts";

/** /c/organizations/{id}/settings (issue 15 point 4): the low-credit and expiry alerts. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, settingsEndpoints.get, async (request) => ({
    data: await getSettings(request.tenant.scope),
  }));

  registerEndpoint(app, settingsEndpoints.update, async (request) => ({
    data: await updateSettings(request.tenant.scope, request.body, {
      userId: request.tenant.userId,
      locale: request.locale,
    }),
  }));
};
