import { apiLogsEndpoints as e } from "@sms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { sendDownload } from "../../platform/spreadsheet-worker.ts";
import { exportApiLogs } from "./export-api-logs.ts";
import { listApiLogs } from "./list-api-logs.ts";

/** /c/api-logs (issue 27 point 3): the organization's public API calls and their export. */
export const apiLogsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, e.list, async (request) => ({
    data: await listApiLogs(request.tenant.scope, request.query),
  }));

  registerEndpoint(app, e.export, async (request, reply) => {
    const { format, ...query } = request.query;
    const file = await exportApiLogs({ scope: request.tenant.scope, query, format, locale: request.locale });
    return sendDownload(reply, file);
  });
};
