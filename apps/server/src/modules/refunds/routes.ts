import { refundsEndpoints } from "@sms/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { requestNow } from "./clock.ts";
import { getRefundState } from "./get-refund-state.ts";
import { listCreditRefunds } from "./list-credit-refunds.ts";
import { refundCampaign } from "./refund-campaign.ts";
import { refundMessage } from "./refund-message.ts";
import type { RefundClaim } from "./refund-send.ts";
import { refundViewerOf } from "./viewer.ts";

const claimOf = (request: FastifyRequest): RefundClaim => ({
  viewer: refundViewerOf(request),
  now: requestNow(request),
  locale: request.locale,
});

/** Credit refunds (POST /c/campaigns/{id}/refund, /c/messages/{id}/refund) and their report. */
export const refundsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, refundsEndpoints.refundCampaign, async (request) => ({
    data: await refundCampaign(claimOf(request), request.params.id),
  }));

  registerEndpoint(app, refundsEndpoints.refundMessage, async (request) => ({
    data: await refundMessage(claimOf(request), request.params.id),
  }));

  registerEndpoint(app, refundsEndpoints.campaignRefund, async (request) => ({
    data: await getRefundState(refundViewerOf(request), request.params.id, requestNow(request)),
  }));

  registerEndpoint(app, refundsEndpoints.list, async (request) => ({
    data: await listCreditRefunds(refundViewerOf(request), request.query, requestNow(request)),
  }));
};
