import { apiSettingsEndpoints } from "@sms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { getApiSettings, updateApiSettings } from "./api-settings.ts";

/** /c/api-settings (issue 14 points 3–4): the OTP SMS and the public API's safety thresholds. */
export const apiSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, apiSettingsEndpoints.get, async (request) => ({
    data: await getApiSettings(request.tenant.scope, app.config.otpSender),
  }));

  registerEndpoint(app, apiSettingsEndpoints.update, async (request) => ({
    data: await updateApiSettings(request.tenant.scope, app.config.otpSender, request.body),
  }));
};
