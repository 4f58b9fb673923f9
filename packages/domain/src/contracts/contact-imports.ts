import { z } from "zod";
import type contactImportTexts from "../../locales/en/contact-imports.json";
import { IMPORT_NAME_MAX_LENGTH, IMPORT_RAW_PHONE_MAX_LENGTH, importPhone } from "../rules/contact-import.ts";
import { ZConsentStatement } from "./contacts.ts";
import { defineSort, listQueryShape, listResponse, resolveSort } from "./lists.ts";
import { text } from "./text.ts";

/**
 * Importing contacts from a CSV/XLSX file into a group (spec §5, issue 11 point 2): the upload
 * answers an import in `parsing`; a job reads the file into staging rows and counts them; the
 * preview shows the counts and examples, invalid rows can be fixed, then the user continues (the
 * valid rows are inserted by a second job) or cancels.
 */

type Key = keyof typeof contactImportTexts | "validation.phone_invalid";
const k = (key: Key) => ({ error: key });

export const CONTACT_IMPORT_STATUSES = [
  "parsing",
  "preview",
  "importing",
  "completed",
  "failed",
  "cancelled",
] as const;
export type ContactImportStatus = (typeof CONTACT_IMPORT_STATUSES)[number];

/** The import is still moving on its own: the web polls it. */
export const CONTACT_IMPORT_RUNNING: readonly ContactImportStatus[] = ["parsing", "importing"];

export const CONTACT_IMPORT_ROW_STATUSES = ["valid", "invalid", "duplicate", "existing"] as const;
export type ContactImportRowStatus = (typeof CONTACT_IMPORT_ROW_STATUSES)[number];

/** Most data rows one file may have (the upload's 50 MB holds about this many). */
export const CONTACT_IMPORT_MAX_ROWS = 1_000_000;

/** Rows of each class shown in the preview before the user asks for the full list. */
export const CONTACT_IMPORT_EXAMPLES = 5;

export const ZContactImportRow = z.object({
  /** 1-based row of the file, after the header. */
  row_number: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  /** The local form (0XXXXXXXXX) of a valid number; the text as read from the file otherwise. */
  phone_number: z.string(),
  status: z.enum(CONTACT_IMPORT_ROW_STATUSES),
  /**
   * A duplicate's earlier row with the same number (the one that counts; review D26). Null for
   * every other status, and where it is not looked up (a row just fixed).
   */
  same_as_row: z.number().int().nullable(),
});
export type TContactImportRow = z.infer<typeof ZContactImportRow>;

export const ZContactImportExamples = z.object({
  valid: z.array(ZContactImportRow),
  invalid: z.array(ZContactImportRow),
  duplicate: z.array(ZContactImportRow),
  existing: z.array(ZContactImportRow),
});
export type TContactImportExamples = z.infer<typeof ZContactImportExamples>;

export const ZContactImport = z.object({
  id: z.string(),
  group_id: z.number().int(),
  status: z.enum(CONTACT_IMPORT_STATUSES),
  /** The uploaded file's name, for display. */
  file_name: z.string(),
  /** utf-8, windows-874 or xlsx, once the file was read. */
  encoding: z.string().nullable(),
  /** Rows read so far while parsing; rows done once importing ends. */
  processed_rows: z.number().int(),
  total_rows: z.number().int(),
  /** Rows that will be imported on continue. */
  valid_rows: z.number().int(),
  invalid_rows: z.number().int(),
  /** Repeats of a number earlier in the file. */
  duplicate_rows: z.number().int(),
  /** Numbers already in the group. */
  existing_rows: z.number().int(),
  imported_rows: z.number().int(),
  /** A few rows of each class (empty until the preview). */
  examples: ZContactImportExamples,
  /** Why the file could not be read (translated), when the import failed. */
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TContactImport = z.infer<typeof ZContactImport>;

export const ZContactImportResponse = z.object({ data: ZContactImport });
export type TContactImportResponse = z.infer<typeof ZContactImportResponse>;

/** The group's import to show when its page opens: unfinished, or finished a moment ago; else null. */
export const ZCurrentContactImportResponse = z.object({ data: ZContactImport.nullable() });
export type TCurrentContactImportResponse = z.infer<typeof ZCurrentContactImportResponse>;

export const ZContactImportGroupParams = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});
export type TContactImportGroupParams = z.infer<typeof ZContactImportGroupParams>;

export const ZContactImportParams = z.object({ importId: text().max(64) });
export type TContactImportParams = z.infer<typeof ZContactImportParams>;

export const ZContactImportRowParams = z.object({
  importId: text().max(64),
  rowNumber: z.coerce.number().int().min(1).max(2_147_483_647),
});
export type TContactImportRowParams = z.infer<typeof ZContactImportRowParams>;

export const CONTACT_IMPORT_ROWS_SORT = defineSort(["row_number"], { key: "row_number", reverse: false });

/** GET /c/contact-imports/{importId}/rows: one class of rows, in file order. */
export const ZContactImportRowsQuery = z
  .object({
    ...listQueryShape({ sort: CONTACT_IMPORT_ROWS_SORT }),
    status: z
      .enum(CONTACT_IMPORT_ROW_STATUSES, k("contact_imports.validation.status_invalid"))
      .default("invalid"),
  })
  .transform((value) => resolveSort(value, CONTACT_IMPORT_ROWS_SORT));
export type TContactImportRowsQuery = z.input<typeof ZContactImportRowsQuery>;

export const ZContactImportRowsResponse = listResponse(ZContactImportRow);
export type TContactImportRowsResponse = z.infer<typeof ZContactImportRowsResponse>;

const ZImportName = text().trim().max(IMPORT_NAME_MAX_LENGTH, k("contact_imports.validation.name_too_long"));

/** PATCH a row while previewing: its phone number must now be valid; names may change too. */
export const ZFixContactImportRowRequest = z.object({
  phone_number: text(k("validation.phone_invalid"))
    .trim()
    .max(IMPORT_RAW_PHONE_MAX_LENGTH, k("validation.phone_invalid"))
    .refine((value) => importPhone(value) !== null, k("validation.phone_invalid")),
  first_name: ZImportName.optional(),
  last_name: ZImportName.optional(),
});
export type TFixContactImportRowRequest = z.infer<typeof ZFixContactImportRowRequest>;

/**
 * POST …/confirm ("continue"): the text or version the imported contacts agreed to, kept in each
 * one's consent history (ADR 94). The portal always sends one; without it (no body is the same) the
 * organization's current consent wording is recorded with its version (ADR 108).
 */
export const ZConfirmContactImportRequest = z.object({ consent_statement: ZConsentStatement }).nullish();
export type TConfirmContactImportRequest = z.input<typeof ZConfirmContactImportRequest>;

export const ZFixContactImportRowResponse = z.object({
  data: z.object({ row: ZContactImportRow, import: ZContactImport }),
});
export type TFixContactImportRowResponse = z.infer<typeof ZFixContactImportRowResponse>;

export const CONTACT_IMPORT_TEMPLATE_FORMATS = ["csv", "xlsx"] as const;
export type ContactImportTemplateFormat = (typeof CONTACT_IMPORT_TEMPLATE_FORMATS)[number];

export const ZContactImportTemplateQuery = z.object({
  format: z
    .enum(CONTACT_IMPORT_TEMPLATE_FORMATS, k("contact_imports.validation.format_invalid"))
    .default("csv"),
});
export type TContactImportTemplateQuery = z.input<typeof ZContactImportTemplateQuery>;
