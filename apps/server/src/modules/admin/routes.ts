import { adminEndpoints } from "@sms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { listContactSubmissions } from "../marketing/index.ts";

/** The back office (/api/v1/admin/*, staff only): each screen calls into the module owning the data. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, adminEndpoints.listContactSubmissions, async (request) => ({
    data: await listContactSubmissions(app.db, request.query),
  }));
};
