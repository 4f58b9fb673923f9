import fastifyMultipart from "@fastify/multipart";
import { MAX_UPLOAD_BYTES } from "@sms/domain";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createStorage, type ObjectStorage } from "../storage/index.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Where uploads are kept (local disk under DATA_DIR, or S3-compatible). */
    storage: ObjectStorage;
  }
}

/**
 * Multipart parsing and the upload storage, registered once for every route that takes files
 * (POST /c/files and the import endpoints). Files are read as streams through receiveUpload().
 */
export const uploadsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyMultipart, {
      limits: {
        // One above the largest cap, so the per-kind counter in receiveUpload sees the overflow.
        fileSize: MAX_UPLOAD_BYTES + 1,
        files: 1,
        fields: 10,
        // A file campaign's message (1,000 characters, up to 4 bytes each in UTF-8) is a field.
        fieldSize: 8 * 1024,
        parts: 12,
        headerPairs: 50,
      },
    });
    app.decorate("storage", createStorage(app.config.storage));
  },
  { name: "uploads" },
);
