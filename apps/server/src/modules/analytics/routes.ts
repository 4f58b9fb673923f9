import { analyticsEndpoints } from "@sms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { reportViewerOf } from "../campaigns/index.ts";
import { getDeliveryAnalytics } from "./get-delivery-analytics.ts";
import { searchNumberHistory } from "./search-number-history.ts";

/** GET /c/analytics/delivery and /c/analytics/number-history. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, analyticsEndpoints.delivery, async (request) => ({
    data: await getDeliveryAnalytics(reportViewerOf(request), request.query),
  }));
  registerEndpoint(app, analyticsEndpoints.numberHistory, async (request) => ({
    data: await searchNumberHistory(reportViewerOf(request), request.query),
  }));
};
