import { z } from "zod";
import { ZErrorResponse } from "../contracts/common.ts";
import {
  ZAddSuppressionsRequest,
  ZAddSuppressionsResponse,
  ZRemoveSuppressionsRequest,
  ZRemoveSuppressionsResponse,
  ZSuppressionExportQuery,
  ZSuppressionPhoneParams,
  ZSuppressionRemovedResponse,
  ZSuppressionsQuery,
  ZSuppressionsResponse,
} from "../contracts/suppressions.ts";
import { defineEndpoint } from "./define.ts";

const tags = ["suppressions"];
const auth = "member";
/** The list is contact data: whoever manages contacts manages who must not get marketing. */
const permission = "contacts.manage";

const exportFile = z.unknown().meta({
  type: "string",
  format: "binary",
  description: "text/csv (UTF-8 with a BOM) or an XLSX workbook, sent as an attachment",
});

/** The organization's suppression list (issue 13 point 3): view, export, add and remove numbers. */
export const suppressionsEndpoints = {
  listSuppressions: defineEndpoint({
    method: "GET",
    path: "/c/suppressions",
    auth,
    permission,
    tags,
    summary: "The numbers marketing sends skip, newest first; search by number, filter by reason",
    description:
      "A search is a number in any form (0…, 66…, +66…, partly typed) and matches numbers starting with it.",
    query: ZSuppressionsQuery,
    responses: { 200: ZSuppressionsResponse },
  }),
  addSuppressions: defineEndpoint({
    method: "POST",
    path: "/c/suppressions",
    auth,
    permission,
    tags,
    summary: "Add numbers to the suppression list (reason manual; at most 1,000 per call)",
    description:
      "Numbers separated by comma, semicolon or new line. Invalid entries are answered back and not added; numbers already on the list are counted and kept as they were.",
    body: ZAddSuppressionsRequest,
    responses: { 200: ZAddSuppressionsResponse },
  }),
  removeSuppressions: defineEndpoint({
    method: "POST",
    path: "/c/suppressions/delete",
    auth,
    permission,
    tags,
    summary: "Remove the selected numbers from the suppression list (at most 1,000 per call)",
    description: "Numbers not on the list are ignored; the answer counts what was removed.",
    body: ZRemoveSuppressionsRequest,
    responses: { 200: ZRemoveSuppressionsResponse },
  }),
  exportSuppressions: defineEndpoint({
    method: "GET",
    path: "/c/suppressions/export",
    auth,
    permission,
    tags,
    summary: "Download the suppression list as CSV or XLSX, streamed",
    description:
      "Columns phone_number (local form), reason (in the caller's language), code and created_at (Bangkok time). A cell that would start a formula is prefixed with an apostrophe.",
    query: ZSuppressionExportQuery,
    responses: { 200: exportFile },
  }),
  removeSuppression: defineEndpoint({
    method: "DELETE",
    path: "/c/suppressions/{phone}",
    auth,
    permission,
    tags,
    summary: "Remove one number from the suppression list",
    params: ZSuppressionPhoneParams,
    responses: { 200: ZSuppressionRemovedResponse, 404: ZErrorResponse },
  }),
};
