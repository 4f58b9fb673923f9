import { z } from "zod";
import { ZErrorResponse } from "../contracts/common.ts";
import { ZFileIdParams, ZStoredFileResponse, ZUploadQuery } from "../contracts/files.ts";
import { defineEndpoint } from "./define.ts";

const tags = ["files"];

/** Uploads of the organization (issue 8), read back by its members and by staff. */
export const filesEndpoints = {
  upload: defineEndpoint({
    method: "POST",
    path: "/c/files",
    auth: "member",
    tags,
    summary: "Upload one file (multipart field `file`; `kind` as query or as a field before the file)",
    description:
      "The type is sniffed from the content; the kind decides the accepted types and the size cap (UPLOAD_KINDS).",
    consumes: ["multipart/form-data"],
    query: ZUploadQuery,
    responses: { 201: ZStoredFileResponse, 413: ZErrorResponse },
  }),
  /** Signed-in users; the files module then admits staff, or members of the file's organization. */
  download: defineEndpoint({
    method: "GET",
    path: "/c/files/{id}",
    auth: "user",
    tags,
    summary: "Download a file of the organization (members) or of any organization (staff)",
    params: ZFileIdParams,
    responses: {
      200: z.unknown().meta({
        type: "string",
        format: "binary",
        description: "The file's bytes, typed by the Content-Type sniffed at upload",
      }),
      404: ZErrorResponse,
    },
  }),
};
