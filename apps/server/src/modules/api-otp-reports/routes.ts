import { apiOtpEndpoints } from "@sms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { getOtpRequest, listOtpRequests } from "./otp-requests-report.ts";

/** /c/otp-requests (issue 14 point 3): the report of the codes sent through the public OTP API. */
export const apiOtpReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, apiOtpEndpoints.list, async (request) => ({
    data: await listOtpRequests(request.tenant.scope, request.query),
  }));

  registerEndpoint(app, apiOtpEndpoints.get, async (request) => ({
    data: await getOtpRequest(request.tenant.scope, request.params.id),
  }));
};
