import { contactImportsEndpoints } from "@sms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { appDeps } from "../../platform/deps.ts";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { cancelImport } from "./cancel-import.ts";
import { confirmImport } from "./confirm-import.ts";
import { fixImportRow } from "./fix-import-row.ts";
import { getCurrentImport } from "./get-current-import.ts";
import { getImport } from "./get-import.ts";
import { importTemplate } from "./import-template.ts";
import { listImportRows } from "./list-import-rows.ts";
import { startImport } from "./start-import.ts";

/** Contact imports (issue 11 point 2): upload, progress, preview, fix, continue or cancel; the template. */
export const contactImportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = appDeps(app);

  registerEndpoint(app, contactImportsEndpoints.upload, async (request, reply) =>
    reply.status(202).send({ data: await startImport(request, deps, request.params.id) }),
  );

  registerEndpoint(app, contactImportsEndpoints.current, async (request) => ({
    data: await getCurrentImport(request.tenant.scope, request.params.id, request.locale),
  }));

  registerEndpoint(app, contactImportsEndpoints.template, async (request, reply) => {
    const file = await importTemplate(request.query.format);
    return reply
      .header("content-type", file.contentType)
      .header("content-disposition", `attachment; filename="${file.fileName}"`)
      .header("cache-control", "public, max-age=3600")
      .send(file.body);
  });

  registerEndpoint(app, contactImportsEndpoints.get, async (request) => ({
    data: await getImport(request.tenant.scope, request.params.importId, request.locale),
  }));

  registerEndpoint(app, contactImportsEndpoints.rows, async (request) => ({
    data: await listImportRows(request.tenant.scope, request.params.importId, request.query),
  }));

  registerEndpoint(app, contactImportsEndpoints.fixRow, async (request) => ({
    data: await fixImportRow(request.tenant.scope, {
      importId: request.params.importId,
      rowNumber: request.params.rowNumber,
      body: request.body,
      locale: request.locale,
    }),
  }));

  registerEndpoint(app, contactImportsEndpoints.confirm, async (request) => ({
    data: await confirmImport(
      request.tenant.scope,
      deps,
      request.params.importId,
      request.locale,
      request.body?.consent_statement,
    ),
  }));

  registerEndpoint(app, contactImportsEndpoints.cancel, async (request) => ({
    data: await cancelImport(request.tenant.scope, request.params.importId, request.locale),
  }));
};
