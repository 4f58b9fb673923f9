import { campaignsEndpoints, IDEMPOTENCY_KEY_PATTERN } from "@sms/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../errors.ts";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { assertPhoneVerified } from "../../platform/verified-phone.ts";
import { presentCampaign } from "../campaigns/index.ts";
import { acceptCampaign } from "./create-campaign.ts";
import { importFileCampaign } from "./import-file-campaign.ts";
import { previewCampaign } from "./preview-campaign.ts";
import type { SendActor } from "./resolve-send.ts";
import { sendDeps } from "./send-deps.ts";
import { sendInstantMessage } from "./send-instant-message.ts";

/** The Idempotency-Key header, or null; a malformed one is refused rather than ignored. */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers["idempotency-key"];
  if (value === undefined) return null;
  if (typeof value !== "string" || !IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw new AppError("VALIDATION", { messageKey: "campaigns.idempotency_key_invalid" });
  }
  return value;
}

const actorOf = (request: FastifyRequest): SendActor => ({
  organizationId: request.tenant.organizationId,
  userId: request.tenant.userId,
});

/** Sends: POST /c/messages, /c/campaigns, /c/campaigns/import and /c/campaigns/preview. */
export const sendingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = sendDeps(app);

  registerEndpoint(app, campaignsEndpoints.sendMessage, async (request, reply) => {
    assertPhoneVerified(request.auth);
    const body = request.body;
    const result = await sendInstantMessage(deps, actorOf(request), {
      phoneNumber: body.phone_number,
      sender: body.sender,
      message: body.message,
      purpose: body.purpose,
      trackLinks: body.track_links,
      optOutLink: body.opt_out_link,
      idempotencyKey: idempotencyKeyOf(request),
    });
    if (result.replayed) reply.header("idempotent-replayed", "true");
    return reply.status(201).send({ data: result.message });
  });

  registerEndpoint(app, campaignsEndpoints.preview, async (request) => {
    assertPhoneVerified(request.auth);
    return { data: await previewCampaign(deps, actorOf(request), request.body, request.locale) };
  });

  registerEndpoint(app, campaignsEndpoints.create, async (request, reply) => {
    assertPhoneVerified(request.auth);
    const body = request.body;
    const accepted = await acceptCampaign(deps, actorOf(request), {
      name: body.name,
      sender: body.sender,
      purpose: body.purpose,
      groupIds: body.group_ids,
      manualContacts: body.manual_contacts,
      templateId: body.template_id,
      message: body.message,
      trackLinks: body.track_links,
      optOutLink: body.opt_out_link,
      idempotencyKey: idempotencyKeyOf(request),
    });
    if (accepted.replayed) reply.header("idempotent-replayed", "true");
    return reply.status(201).send({ data: presentCampaign(accepted.campaign) });
  });

  registerEndpoint(app, campaignsEndpoints.importFile, async (request, reply) => {
    assertPhoneVerified(request.auth);
    const result = await importFileCampaign(request, deps, {
      dryRun: request.query.dry_run,
      idempotencyKey: idempotencyKeyOf(request),
    });
    if (result.status === 200) return reply.status(200).send({ data: result.data });
    if (result.replayed) reply.header("idempotent-replayed", "true");
    return reply.status(201).send({ data: result.data });
  });
};
