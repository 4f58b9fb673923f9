import { z } from "zod";
import { ZErrorResponse } from "../contracts/common.ts";
import { defineEndpoint } from "./define.ts";

/** The order whose receipt is asked for. */
export const ZReceiptParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export type TReceiptParams = z.input<typeof ZReceiptParams>;

/** The receipt's language; the caller's Accept-Language when left out. */
export const ZReceiptQuery = z.object({ lang: z.enum(["th", "en"]).optional() });
export type TReceiptQuery = z.input<typeof ZReceiptQuery>;

const pdf = z.unknown().meta({
  type: "string",
  format: "binary",
  description: "The receipt / tax invoice as application/pdf, sent as an attachment",
});

/** Receipts and tax invoices of approved orders (issue 10), as PDF in Thai or English. */
export const receiptsEndpoints = {
  download: defineEndpoint({
    method: "GET",
    path: "/c/orders/{id}/receipt",
    auth: "member",
    permission: "orders.view",
    tags: ["orders"],
    summary: "The receipt / tax invoice of an approved order of the organization (PDF)",
    description: "An order that is not approved has no receipt yet: 404, like another organization's order.",
    params: ZReceiptParams,
    query: ZReceiptQuery,
    responses: { 200: pdf, 404: ZErrorResponse },
  }),
  adminDownload: defineEndpoint({
    method: "GET",
    path: "/admin/orders/{id}/receipt",
    auth: "staff",
    tags: ["orders", "admin"],
    summary: "The receipt / tax invoice of any approved order (PDF, admin)",
    params: ZReceiptParams,
    query: ZReceiptQuery,
    responses: { 200: pdf, 404: ZErrorResponse },
  }),
};
