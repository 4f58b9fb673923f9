import { receiptsEndpoints } from "@sms/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { type GetReceiptResult, getReceipt } from "./get-receipt.ts";

function sendPdf(reply: FastifyReply, { pdf, disposition }: GetReceiptResult) {
  return reply
    .header("content-type", "application/pdf")
    .header("content-length", pdf.length)
    .header("content-disposition", disposition)
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store")
    .send(pdf);
}

/** GET /c/orders/{id}/receipt (members) and /admin/orders/{id}/receipt (staff): the PDF of an approved order. */
export const receiptsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, receiptsEndpoints.download, async (request, reply) => {
    const receipt = await getReceipt(app.db, app.config, {
      orderId: request.params.id,
      locale: request.query.lang ?? request.locale,
      scope: request.tenant.scope,
    });
    return sendPdf(reply, receipt);
  });

  registerEndpoint(app, receiptsEndpoints.adminDownload, async (request, reply) => {
    const receipt = await getReceipt(app.db, app.config, {
      orderId: request.params.id,
      locale: request.query.lang ?? request.locale,
    });
    return sendPdf(reply, receipt);
  });
};
