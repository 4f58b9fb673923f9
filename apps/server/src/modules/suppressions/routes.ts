import { suppressionsEndpoints as e } from "@sms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { sendDownload } from "../../platform/spreadsheet-worker.ts";
import { addSuppressions } from "./add-suppressions.ts";
import { exportSuppressions } from "./export-suppressions.ts";
import { listSuppressions } from "./list-suppressions.ts";
import { removeSuppression, removeSuppressions } from "./remove-suppressions.ts";

/** The current organization's suppression list (/c/suppressions*). */
export const suppressionsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, e.listSuppressions, async (request) => ({
    data: await listSuppressions(request.tenant.scope, request.query, request.locale),
  }));

  registerEndpoint(app, e.addSuppressions, async (request) => ({
    data: await addSuppressions(request.tenant.scope, request.body.numbers, request.locale),
  }));

  registerEndpoint(app, e.removeSuppressions, async (request) => ({
    data: await removeSuppressions(request.tenant.scope, request.body.phone_numbers),
  }));

  registerEndpoint(app, e.exportSuppressions, async (request, reply) => {
    const file = exportSuppressions({
      scope: request.tenant.scope,
      format: request.query.format,
      locale: request.locale,
    });
    return sendDownload(reply, file);
  });

  registerEndpoint(app, e.removeSuppression, async (request) => ({
    data: await removeSuppression(request.tenant.scope, request.params.phone),
  }));
};
