import { dashboardEndpoints } from "@sms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { getDashboard } from "./get-dashboard.ts";

/** GET /c/me/dashboard. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, dashboardEndpoints.get, async (request) => ({
    data: await getDashboard(request.tenant, request.query),
  }));
};
