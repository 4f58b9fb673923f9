import { campaignsEndpoints } from "@sms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { getCampaign } from "./get-campaign.ts";
import { getCampaignSummary } from "./get-campaign-summary.ts";
import { listCampaigns } from "./list-campaigns.ts";
import { listMessages } from "./list-messages.ts";
import { reportViewerOf } from "./reports.ts";
import { summarizeMessages } from "./summarize-messages.ts";

/** The reports of sends: GET /c/campaigns, /c/campaigns/{id}, its summary, and GET /c/messages with its summary. */
export const campaignsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, campaignsEndpoints.messages, async (request) => ({
    data: await listMessages(reportViewerOf(request), request.query),
  }));

  registerEndpoint(app, campaignsEndpoints.messagesSummary, async (request) => ({
    data: await summarizeMessages(reportViewerOf(request), request.query),
  }));

  registerEndpoint(app, campaignsEndpoints.list, async (request) => ({
    data: await listCampaigns(reportViewerOf(request), request.query),
  }));

  registerEndpoint(app, campaignsEndpoints.get, async (request) => ({
    data: await getCampaign(reportViewerOf(request), request.params.id),
  }));

  registerEndpoint(app, campaignsEndpoints.summary, async (request) => ({
    data: await getCampaignSummary(reportViewerOf(request), request.params.id),
  }));
};
