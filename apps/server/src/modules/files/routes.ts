import { filesEndpoints, memberCan, UPLOAD_RIGHTS, type UploadFileType, ZUploadKind } from "@sms/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../errors.ts";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { requireMember } from "../../platform/tenant.ts";
import { receiveUpload } from "../../platform/upload.ts";
import { contentDisposition } from "./content-disposition.ts";
import { findFile, isStaff } from "./find-file.ts";
import { presentFile } from "./present-file.ts";

const member = requireMember();

/**
 * After the declaration's sign-in check: staff may read every organization's files without being
 * a member; everyone else needs a membership.
 */
async function memberOrStaff(request: FastifyRequest): Promise<void> {
  if (isStaff(request)) return;
  await member(request);
}

/** POST /c/files and GET /c/files/{id} (issue 8): uploads of the organization, read back by its members and staff. */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, filesEndpoints.upload, async (request, reply) => {
    const { file } = await receiveUpload(request, (fields) => {
      const parsed = ZUploadKind.safeParse(request.query.kind ?? fields.kind);
      if (parsed.success) {
        // Refused before a byte is stored: the file is for an action the role may not take.
        if (!memberCan(request.tenant.memberRole, UPLOAD_RIGHTS[parsed.data])) {
          throw new AppError("FORBIDDEN", { messageKey: "errors.role_not_allowed" });
        }
        return parsed.data;
      }
      throw new AppError("VALIDATION", {
        messageKey: "validation.upload_kind_invalid",
        details: [{ path: "kind", message: "validation.upload_kind_invalid" }],
      });
    });
    return reply.status(201).send({ data: presentFile(file) });
  });

  registerEndpoint(
    app,
    filesEndpoints.download,
    async (request, reply) => {
      const file = await findFile(request, request.params.id);
      const body = await app.storage.get(file.storageKey);
      if (!body) {
        request.log.error({ fileId: file.id, storageKey: file.storageKey }, "stored object missing");
        throw new AppError("NOT_FOUND");
      }
      return reply
        .header("content-type", file.mime)
        .header("content-length", file.sizeBytes)
        .header(
          "content-disposition",
          contentDisposition(file.originalName, file.extension as UploadFileType),
        )
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-store")
        .send(body);
    },
    { onRequest: memberOrStaff },
  );
};
