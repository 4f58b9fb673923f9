import fastifyMultipart from "@fastify/multipart";
import { MAX_UPLOAD_BYTES } from "@sms/domain";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * Multipart parsing, registered once for every route that takes files (POST /c/files and the
 * import endpoints). Files are read as streams through receiveUpload() into `app.storage`, which
 * app.ts builds once per process (ADR 85).
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
  },
  { name: "uploads" },
);
