import { messageExportsEndpoints as e, type MessageExportFormat } from "@sms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../errors.ts";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { DOWNLOAD_HEADERS, sendDownload } from "../../platform/spreadsheet-worker.ts";
import { reportViewerOf, resolveMessageFilter } from "../campaigns/index.ts";
import { contentDisposition } from "../files/index.ts";
import { createMessageExport } from "./create-message-export.ts";
import { findMessageExport } from "./find-message-export.ts";
import { listMessageExports } from "./list-message-exports.ts";
import { presentMessageExport } from "./present.ts";
import { contentTypeOf, streamMessageExport } from "./stream-export.ts";

/** GET /c/messages/export-report (streamed) and the background exports /c/message-exports*. */
export const messageExportsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, e.exportReport, async (request, reply) => {
    const viewer = reportViewerOf(request);
    // Resolved before any byte is sent: a bad campaign id is still a 404, not a broken file.
    const filter = await resolveMessageFilter(viewer, request.query);
    const file = streamMessageExport({
      scope: viewer.scope,
      filter,
      order: { sort: request.query.sort, reverse: request.query.reverse },
      format: request.query.format,
      locale: request.locale,
    });
    // Headers go out only once a worker writes the file: a full pool is still a clean 503.
    return sendDownload(reply, file);
  });

  registerEndpoint(app, e.create, async (request, reply) => {
    const created = await createMessageExport({
      viewer: reportViewerOf(request),
      userId: request.tenant.userId,
      query: request.query,
      locale: request.locale,
      jobs: app.jobs,
    });
    return reply.status(202).send({ data: created });
  });

  registerEndpoint(app, e.list, async (request) => ({
    data: await listMessageExports(
      reportViewerOf(request),
      request.tenant.userId,
      request.query,
      request.locale,
    ),
  }));

  registerEndpoint(app, e.get, async (request) => ({
    data: presentMessageExport(
      await findMessageExport(reportViewerOf(request), request.tenant.userId, request.params.id),
      request.locale,
    ),
  }));

  registerEndpoint(app, e.download, async (request, reply) => {
    const row = await findMessageExport(reportViewerOf(request), request.tenant.userId, request.params.id);
    if (row.status !== "done" || !row.storageKey)
      throw new AppError("CONFLICT", { messageKey: "message_exports.not_ready" });
    const body = await app.storage.get(row.storageKey);
    if (!body) {
      request.log.error({ exportId: row.id, storageKey: row.storageKey }, "stored export missing");
      throw new AppError("NOT_FOUND");
    }
    const format = row.format as MessageExportFormat;
    return reply
      .headers(DOWNLOAD_HEADERS)
      .header("content-type", contentTypeOf(format))
      .header("content-length", row.sizeBytes ?? undefined)
      .header("content-disposition", contentDisposition(row.fileName, format))
      .send(body);
  });
};
