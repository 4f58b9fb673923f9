import { templatesEndpoints } from "@sms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { createTemplate } from "./create-template.ts";
import { deleteTemplate } from "./delete-template.ts";
import { getTemplate } from "./get-template.ts";
import { listTemplates } from "./list-templates.ts";
import { updateTemplate } from "./update-template.ts";

/** SMS templates of the current organization (/c/templates). */
export const templatesRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, templatesEndpoints.list, async (request) => ({
    data: await listTemplates(request.tenant.scope, request.query),
  }));

  registerEndpoint(app, templatesEndpoints.create, async (request, reply) =>
    reply.status(201).send({
      data: await createTemplate({
        scope: request.tenant.scope,
        userId: request.tenant.userId,
        input: request.body,
      }),
    }),
  );

  registerEndpoint(app, templatesEndpoints.get, async (request) => ({
    data: await getTemplate(request.tenant.scope, request.params.id),
  }));

  registerEndpoint(app, templatesEndpoints.update, async (request) => ({
    data: await updateTemplate({ scope: request.tenant.scope, id: request.params.id, input: request.body }),
  }));

  registerEndpoint(app, templatesEndpoints.delete, async (request) => ({
    data: await deleteTemplate(request.tenant.scope, request.params.id),
  }));
};
