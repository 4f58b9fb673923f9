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
      "The type is sniffed from the content; the kind decides the accepted types and the size cap (UPLOAD_KINDS). " +
      "The member's role needs the right the kind is for (UPLOAD_RIGHTS), otherwise 403.",
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
    description:
      "A member reads a file only by the right its kind needs (UPLOAD_READ_RIGHTS: payment slips orders.view, " +
      "sender evidence senders.manage, …), otherwise 403; another organization's file is 404.",
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
