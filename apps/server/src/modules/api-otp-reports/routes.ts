import { apiOtpEndpoints, otpConversionEndpoints } from "@sms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { sendDownload } from "../../platform/spreadsheet-worker.ts";
import { getOtpConversion } from "./conversion.ts";
import { exportOtpConversion } from "./export-conversion.ts";
import { getOtpRequest, listOtpRequests } from "./otp-requests-report.ts";

/**
 * /c/otp-requests (issue 14 point 3): the report of the codes sent through the public OTP API, and
 * its conversion insight (issue 28 point 3).
 */
export const apiOtpReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, apiOtpEndpoints.list, async (request) => ({
    data: await listOtpRequests(request.tenant.scope, request.query),
  }));

  registerEndpoint(app, otpConversionEndpoints.conversion, async (request) => ({
    data: await getOtpConversion(request.tenant.scope, request.query),
  }));

  registerEndpoint(app, otpConversionEndpoints.export, async (request, reply) => {
    const { format, ...query } = request.query;
    const file = await exportOtpConversion(request.tenant.scope, query, format, request.locale);
    return sendDownload(reply, file);
  });

  registerEndpoint(app, apiOtpEndpoints.get, async (request) => ({
    data: await getOtpRequest(request.tenant.scope, request.params.id),
  }));
};
