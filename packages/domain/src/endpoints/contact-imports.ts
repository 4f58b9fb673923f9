import { z } from "zod";
import { ZErrorResponse } from "../contracts/common.ts";
import {
  ZConfirmContactImportRequest,
  ZContactImportGroupParams,
  ZContactImportParams,
  ZContactImportResponse,
  ZContactImportRowParams,
  ZContactImportRowsQuery,
  ZContactImportRowsResponse,
  ZContactImportTemplateQuery,
  ZCurrentContactImportResponse,
  ZFixContactImportRowRequest,
  ZFixContactImportRowResponse,
} from "../contracts/contact-imports.ts";
import { defineEndpoint } from "./define.ts";

const tags = ["contact-imports"];

/** Contact imports (issue 11 point 2): upload, preview, fix, continue or cancel; the template. */
export const contactImportsEndpoints = {
  upload: defineEndpoint({
    method: "POST",
    path: "/c/contact-groups/{id}/contacts/import",
    auth: "member",
    permission: "contacts.manage",
    tags,
    summary: "Import a CSV or XLSX file of contacts into a group (multipart field `file`)",
    description:
      "Answers 202 with the import in `parsing`; a job reads the file, then the import waits in `preview` for continue or cancel.",
    consumes: ["multipart/form-data"],
    params: ZContactImportGroupParams,
    responses: {
      202: ZContactImportResponse,
      404: ZErrorResponse,
      409: ZErrorResponse,
      413: ZErrorResponse,
    },
  }),
  current: defineEndpoint({
    method: "GET",
    path: "/c/contact-groups/{id}/imports/current",
    auth: "member",
    permission: "contacts.manage",
    tags,
    summary: "The group's unfinished (or just finished) import, or null",
    params: ZContactImportGroupParams,
    responses: { 200: ZCurrentContactImportResponse, 404: ZErrorResponse },
  }),
  template: defineEndpoint({
    method: "GET",
    path: "/c/contact-imports/template",
    auth: "guest",
    tags,
    summary: "The import template (header row and example rows) as CSV or XLSX",
    query: ZContactImportTemplateQuery,
    responses: {
      200: z.unknown().meta({ type: "string", format: "binary", description: "The template file" }),
    },
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/c/contact-imports/{importId}",
    auth: "member",
    permission: "contacts.manage",
    tags,
    summary: "One import: status, progress, counts and examples",
    params: ZContactImportParams,
    responses: { 200: ZContactImportResponse, 404: ZErrorResponse },
  }),
  rows: defineEndpoint({
    method: "GET",
    path: "/c/contact-imports/{importId}/rows",
    auth: "member",
    permission: "contacts.manage",
    tags,
    summary: "The rows of one class (invalid by default) of an import, in file order",
    params: ZContactImportParams,
    query: ZContactImportRowsQuery,
    responses: { 200: ZContactImportRowsResponse, 404: ZErrorResponse },
  }),
  fixRow: defineEndpoint({
    method: "PATCH",
    path: "/c/contact-imports/{importId}/rows/{rowNumber}",
    auth: "member",
    permission: "contacts.manage",
    tags,
    summary: "Correct a row's phone number (and names) while the import is in preview",
    description: "The row is classified again: valid, a duplicate of another row, or already in the group.",
    params: ZContactImportRowParams,
    body: ZFixContactImportRowRequest,
    responses: { 200: ZFixContactImportRowResponse, 404: ZErrorResponse, 409: ZErrorResponse },
  }),
  confirm: defineEndpoint({
    method: "POST",
    path: "/c/contact-imports/{importId}/confirm",
    auth: "member",
    permission: "contacts.manage",
    tags,
    summary: "Continue: import the valid rows (invalid, duplicate and existing rows are left out)",
    description:
      "`consent_statement`: the text or version the imported contacts agreed to, kept in each one's consent history (the portal prefills the organization's consent wording and requires it). Left out, the organization's current consent wording is recorded with its version.",
    params: ZContactImportParams,
    body: ZConfirmContactImportRequest,
    responses: { 200: ZContactImportResponse, 404: ZErrorResponse, 409: ZErrorResponse },
  }),
  cancel: defineEndpoint({
    method: "POST",
    path: "/c/contact-imports/{importId}/cancel",
    auth: "member",
    permission: "contacts.manage",
    tags,
    summary: "Skip: cancel an import before it is confirmed",
    params: ZContactImportParams,
    responses: { 200: ZContactImportResponse, 404: ZErrorResponse, 409: ZErrorResponse },
  }),
};
