import { z } from "zod";
import type suppressionTexts from "../../locales/en/suppressions.json";
import type { Locale } from "../routes.ts";
import { normaliseRecipient } from "../rules/phone.ts";
import type { ValidationMessageKey } from "../rules/validation.ts";
import { defineSort, listQueryShape, listResponse, resolveSort } from "./lists.ts";
import { text } from "./text.ts";

/**
 * The organization's suppression list (DESIGN §6; issue 13 point 3): numbers a marketing send skips.
 * The engine adds STOP replies and the gateway's "blocks marketing" reports; members view, export,
 * add and remove numbers. Numbers travel in any typed form, are stored in the 66 form and answered
 * in the local form (0XXXXXXXXX). Messages are i18n keys with their texts in locales/<lang>/suppressions.json.
 */

export type SuppressionMessageKey = keyof typeof suppressionTexts;
type Key = SuppressionMessageKey | Extract<ValidationMessageKey, "validation.recipient_invalid">;
const k = (key: Key) => ({ error: key });

/** The same list as the database's (packages/db schema/messaging.ts); a server test keeps them equal. */
export const SUPPRESSION_REASONS = ["stop_reply", "gateway_report", "manual", "link"] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/** The most numbers one add or one bulk remove takes (as many as a campaign's typed numbers). */
export const SUPPRESSION_BATCH_MAX = 1000;
/** Room for SUPPRESSION_BATCH_MAX numbers in any form and spacing, and for what is over it to be counted. */
export const SUPPRESSION_NUMBERS_MAX_CHARS = 100_000;

/** Comma, semicolon or new line, as in a campaign's manual contacts. */
const SEPARATORS = /\r\n|[,;\r\n]/;

export interface SuppressionNumbers {
  /** Unique valid numbers in the 66 form, in input order. */
  valid: string[];
  /** Entries that are not a Thai mobile phone number, as typed (trimmed). */
  invalid: string[];
  /** Non-empty entries, valid or not. */
  entries: number;
}

/**
 * Reads the numbers a member typed: entries separated by comma, semicolon or new line, each in any
 * form (0…, 66…, +66…, spaces or dashes). A repeated number is kept once.
 */
export function parseSuppressionNumbers(text: string): SuppressionNumbers {
  const valid: string[] = [];
  const invalid: string[] = [];
  const seen = new Set<string>();
  let entries = 0;
  for (const raw of text.split(SEPARATORS)) {
    const entry = raw.trim();
    if (entry === "") continue;
    entries += 1;
    const msisdn = normaliseRecipient(entry);
    if (!msisdn) invalid.push(entry);
    else if (!seen.has(msisdn)) {
      seen.add(msisdn);
      valid.push(msisdn);
    }
  }
  return { valid, invalid, entries };
}

/**
 * POST /c/suppressions: numbers to add (reason `manual`). Refused when empty, over
 * SUPPRESSION_BATCH_MAX entries, or when not one entry is a valid number; otherwise the valid
 * numbers are added and the invalid ones answered back.
 */
export const ZAddSuppressionsRequest = z.object({
  numbers: text(k("suppressions.validation.numbers_required"))
    .max(SUPPRESSION_NUMBERS_MAX_CHARS, {
      error: "suppressions.validation.numbers_too_many" satisfies Key,
      abort: true,
    })
    .superRefine((value, ctx) => {
      const parsed = parseSuppressionNumbers(value);
      if (parsed.entries === 0) {
        ctx.addIssue({ code: "custom", message: "suppressions.validation.numbers_required" satisfies Key });
      } else if (parsed.entries > SUPPRESSION_BATCH_MAX) {
        ctx.addIssue({ code: "custom", message: "suppressions.validation.numbers_too_many" satisfies Key });
      } else if (parsed.valid.length === 0) {
        ctx.addIssue({ code: "custom", message: "validation.recipient_invalid" satisfies Key });
      }
    }),
});
export type TAddSuppressionsRequest = z.input<typeof ZAddSuppressionsRequest>;

export const ZAddSuppressionsResult = z.object({
  /** Numbers now on the list that were not before. */
  added: z.number().int(),
  /** Valid numbers that were on the list already (left as they were, reason and all). */
  already_suppressed: z.number().int(),
  /** Entries that are not numbers, as typed, with the message ("The recipient is invalid"). */
  invalid: z.array(z.object({ number: z.string(), message: z.string() })),
});
export type TAddSuppressionsResult = z.infer<typeof ZAddSuppressionsResult>;
export const ZAddSuppressionsResponse = z.object({ data: ZAddSuppressionsResult });
export type TAddSuppressionsResponse = z.infer<typeof ZAddSuppressionsResponse>;

/** One number of the list as the organization reads it. */
export const ZSuppression = z.object({
  /** Local form, 0XXXXXXXXX. */
  phone_number: z.string(),
  reason: z.enum(SUPPRESSION_REASONS),
  /** The reason in the caller's language. */
  reason_label: z.string(),
  /** The gateway's report code ("3/305") for gateway_report, else null. */
  code: z.string().nullable(),
  created_at: z.string(),
});
export type TSuppression = z.infer<typeof ZSuppression>;
export const ZSuppressionsResponse = listResponse(ZSuppression);
export type TSuppressionsResponse = z.infer<typeof ZSuppressionsResponse>;

/** Newest first by default; also by number. */
export const SUPPRESSION_SORT = defineSort(["created_at", "phone_number"], {
  key: "created_at",
  reverse: true,
});

const blankAsMissing = (value: unknown) => (value === "" ? undefined : value);

/** GET /c/suppressions: paging, `search` (a number in any form, even partly typed) and `reason`. */
export const ZSuppressionsQuery = z
  .object({
    ...listQueryShape({ sort: SUPPRESSION_SORT }),
    reason: z.preprocess(
      blankAsMissing,
      z.enum(SUPPRESSION_REASONS, k("suppressions.validation.reason_invalid")).optional(),
    ),
  })
  .transform((value) => resolveSort(value, SUPPRESSION_SORT));
export type TSuppressionsQuery = z.output<typeof ZSuppressionsQuery>;
export type TSuppressionsQueryInput = z.input<typeof ZSuppressionsQuery>;

/** DELETE /c/suppressions/{phone}: the number in any form; one that is not a number is simply not found. */
export const ZSuppressionPhoneParams = z.object({ phone: text().max(32) });
export type TSuppressionPhoneParams = z.input<typeof ZSuppressionPhoneParams>;

export const ZSuppressionRemovedResponse = z.object({ data: z.object({ phone_number: z.string() }) });
export type TSuppressionRemovedResponse = z.infer<typeof ZSuppressionRemovedResponse>;

/** One number to remove, in any form, answered in the 66 form. */
const ZSuppressionNumber = text(k("validation.recipient_invalid")).transform((value, ctx) => {
  const msisdn = normaliseRecipient(value);
  if (!msisdn) {
    ctx.addIssue({ code: "custom", message: "validation.recipient_invalid" satisfies Key });
    return z.NEVER;
  }
  return msisdn;
});

/** POST /c/suppressions/delete: the selected numbers, at most SUPPRESSION_BATCH_MAX. */
export const ZRemoveSuppressionsRequest = z.object({
  phone_numbers: z
    .array(ZSuppressionNumber, k("suppressions.validation.phones_required"))
    .min(1, k("suppressions.validation.phones_required"))
    .max(SUPPRESSION_BATCH_MAX, k("suppressions.validation.phones_too_many")),
});
export type TRemoveSuppressionsRequest = z.input<typeof ZRemoveSuppressionsRequest>;

/** How many of the given numbers were on the list and are gone now. */
export const ZRemoveSuppressionsResponse = z.object({ data: z.object({ deleted: z.number().int() }) });
export type TRemoveSuppressionsResponse = z.infer<typeof ZRemoveSuppressionsResponse>;

// ---- export ----

export const SUPPRESSION_EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type SuppressionExportFormat = (typeof SUPPRESSION_EXPORT_FORMATS)[number];
/** The exported columns, in order, with their headers in each language and their widths in characters. */
export const SUPPRESSION_EXPORT_COLUMNS = [
  { key: "phone_number", th: "หมายเลขโทรศัพท์", en: "Phone number", width: 16 },
  { key: "reason", th: "เหตุผล", en: "Reason", width: 36 },
  { key: "code", th: "รหัส", en: "Code", width: 8 },
  { key: "created_at", th: "วันที่เพิ่ม", en: "Added at", width: 20 },
] as const;

/** The suppression export's columns with their headers in the reader's language. */
export function suppressionExportColumns(locale: Locale): { header: string; width: number }[] {
  return SUPPRESSION_EXPORT_COLUMNS.map((column) => ({ header: column[locale], width: column.width }));
}

export const ZSuppressionExportQuery = z.object({
  format: z
    .enum(SUPPRESSION_EXPORT_FORMATS, k("suppressions.validation.export_format_invalid"))
    .default("csv"),
});
export type TSuppressionExportQuery = z.input<typeof ZSuppressionExportQuery>;
