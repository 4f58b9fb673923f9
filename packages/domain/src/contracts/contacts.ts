import { z } from "zod";
import type contactTexts from "../../locales/en/contacts.json";
import type { Locale } from "../routes.ts";
import { hasMarkup, PERSON_NAME_MAX_LENGTH } from "../rules/person-name.ts";
import { normaliseRecipient, toThai66 } from "../rules/phone.ts";
import type { ValidationMessageKey } from "../rules/validation.ts";
import type { AccountMessageKey } from "./accounts.ts";
import { defineSort, listQuery, listResponse } from "./lists.ts";
import { text } from "./text.ts";

/**
 * Contact groups and their contacts (spec §3 Contact group, Contact; §7 /c/contact-groups*,
 * /c/contacts/{id}; issue 11 points 1 and 3). Phone numbers travel in any typed form, are stored in
 * the 66 form and answered in the local form (0XXXXXXXXX). Messages are i18n keys with their texts
 * in locales/<lang>/contacts.json (and the shared validation and account keys).
 */

export type ContactMessageKey = keyof typeof contactTexts;
type Key =
  | ContactMessageKey
  | Extract<AccountMessageKey, "validation.name_too_long" | "validation.name_markup">
  | Extract<ValidationMessageKey, "validation.recipient_invalid">;
const k = (key: Key) => ({ error: key });

export const CONTACT_GROUP_NAME_MAX_LENGTH = 100;
/** The most contacts one bulk delete takes: one page of selections is at most 100; this leaves room. */
export const CONTACT_BULK_DELETE_MAX = 1000;

/** A positive database id in a path; anything else is simply not found. */
const ZGroupId = z.coerce.number().int().positive().max(2_147_483_647);
/** contacts.id is a bigserial: ids pass 2^31 after enough imports. */
const ZContactId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const ZContactGroupIdParams = z.object({ id: ZGroupId });
export type TContactGroupIdParams = z.input<typeof ZContactGroupIdParams>;
export const ZContactIdParams = z.object({ id: ZContactId });
export type TContactIdParams = z.input<typeof ZContactIdParams>;

// ---- groups ----

export const ZContactGroupName = text(k("contacts.validation.group_name_required"))
  .trim()
  .min(1, { error: "contacts.validation.group_name_required" satisfies Key, abort: true })
  .max(CONTACT_GROUP_NAME_MAX_LENGTH, k("contacts.validation.group_name_too_long"))
  .refine((v) => !hasMarkup(v), k("validation.name_markup"));

/** POST /c/contact-groups. The count and the organization are the server's, never the body's. */
export const ZCreateContactGroupRequest = z.object({ name: ZContactGroupName });
export type TCreateContactGroupRequest = z.input<typeof ZCreateContactGroupRequest>;

/** PATCH /c/contact-groups/{id}: rename. */
export const ZUpdateContactGroupRequest = z.object({ name: ZContactGroupName });
export type TUpdateContactGroupRequest = z.input<typeof ZUpdateContactGroupRequest>;

export const ZContactGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Kept by the database (statement triggers on contacts), so it is exact without counting. */
  contact_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TContactGroup = z.infer<typeof ZContactGroup>;
export const ZContactGroupResponse = z.object({ data: ZContactGroup });
export type TContactGroupResponse = z.infer<typeof ZContactGroupResponse>;
export const ZContactGroupsResponse = listResponse(ZContactGroup);
export type TContactGroupsResponse = z.infer<typeof ZContactGroupsResponse>;

/** Groups: newest first; `search` matches the name. */
export const CONTACT_GROUP_SORT = defineSort(["created_at", "name", "contact_count"], {
  key: "created_at",
  reverse: true,
});
export const ZContactGroupsQuery = listQuery({ sort: CONTACT_GROUP_SORT });
export type TContactGroupsQuery = z.output<typeof ZContactGroupsQuery>;
export type TContactGroupsQueryInput = z.input<typeof ZContactGroupsQuery>;

// ---- contacts ----

const ZPersonName = text()
  .trim()
  .max(PERSON_NAME_MAX_LENGTH, k("validation.name_too_long"))
  .refine((v) => !hasMarkup(v), k("validation.name_markup"));

/** Any typed form (0…, +66…, 66…, with spaces or dashes), answered in the 66 form it is stored in. */
export const ZContactPhone = text(k("validation.recipient_invalid")).transform((value, ctx) => {
  const phone = normaliseRecipient(value);
  if (!phone) {
    ctx.addIssue({ code: "custom", message: "validation.recipient_invalid" satisfies Key });
    return z.NEVER;
  }
  return phone;
});

/**
 * POST /c/contact-groups/{id}/contacts: the phone number is the contact; both names may stay
 * empty, as in an import (review D25: one rule). A message's {first_name} then takes the tag's
 * fallback, and the send's review counts the recipients left without one (ADR 42).
 */
/** The most characters of the text or version a contact agreed to (a consent entry). */
export const CONSENT_STATEMENT_MAX_LENGTH = 500;

/**
 * The text or version a contact agreed to (ADR 94): optional for a caller, blank is none. An opt-in
 * given without one records the organization's current consent wording and its version (ADR 108).
 */
export const ZConsentStatement = text(k("contacts.validation.consent_statement_too_long"))
  .trim()
  .max(CONSENT_STATEMENT_MAX_LENGTH, k("contacts.validation.consent_statement_too_long"))
  .optional()
  .transform((value) => (value === "" ? undefined : value));

/**
 * Version 1 of every organization's consent wording (ADR 108): what an opt-in without a text of its
 * own records until the organization saves its own wording. Frozen: records name it by version, so
 * changing it would change what version 1 meant.
 */
export const DEFAULT_CONSENT_WORDING =
  "ยินยอมรับข่าวสารและข้อเสนอทาง SMS จากผู้ส่งรายนี้ ยกเลิกได้ทุกเมื่อโดยกดลิงก์ยกเลิกหรือตอบกลับ STOP / Agreed to receive news and offers by SMS from this sender; can opt out at any time with the opt-out link or by replying STOP.";
export const DEFAULT_CONSENT_WORDING_VERSION = 1;

/** GET /c/consent-wording: the organization's current consent wording and its version (ADR 108). */
export const ZConsentWording = z.object({
  version: z.number().int(),
  text: z.string(),
  /** Version 1, the product's wording: the organization has not saved its own. */
  is_default: z.boolean(),
  /** When this version was saved; null for the built-in version 1. */
  created_at: z.string().nullable(),
});
export type TConsentWording = z.infer<typeof ZConsentWording>;
export const ZConsentWordingResponse = z.object({ data: ZConsentWording });
export type TConsentWordingResponse = z.infer<typeof ZConsentWordingResponse>;

/** PUT /c/consent-wording: a new version of the wording (the same text again keeps the version). */
export const ZUpdateConsentWordingRequest = z.object({
  text: text(k("contacts.validation.consent_wording_required"))
    .trim()
    .min(1, { error: "contacts.validation.consent_wording_required" satisfies Key, abort: true })
    .max(CONSENT_STATEMENT_MAX_LENGTH, k("contacts.validation.consent_statement_too_long")),
});
export type TUpdateConsentWordingRequest = z.input<typeof ZUpdateConsentWordingRequest>;
export type TUpdateConsentWordingBody = z.output<typeof ZUpdateConsentWordingRequest>;

/**
 * POST /c/contact-groups/{id}/contacts. `consent_source` says how the number's opt-in came (ADR 94):
 * `form` from the portal's contact form, `api` (the default) from any other caller;
 * `consent_statement` is the text or version the contact agreed to, kept in its consent history.
 * The form always gives one (prefilled with the organization's wording); another caller may leave
 * it out, and the organization's current wording is recorded with its version (ADR 108).
 */
export const ZCreateContactRequest = z
  .object({
    first_name: ZPersonName.default(""),
    last_name: ZPersonName.default(""),
    phone_number: ZContactPhone,
    consent_source: z.enum(["form", "api"], k("contacts.validation.consent_source_invalid")).default("api"),
    consent_statement: ZConsentStatement,
  })
  .superRefine((body, ctx) => {
    if (body.consent_source === "form" && body.consent_statement === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["consent_statement"],
        message: "contacts.validation.consent_statement_required" satisfies Key,
      });
    }
  });
export type TCreateContactRequest = z.input<typeof ZCreateContactRequest>;
export type TCreateContactBody = z.output<typeof ZCreateContactRequest>;

/**
 * PATCH /c/contacts/{id}: any of the three fields (a field left out keeps its value); the group never
 * changes. A changed number is another person's consent: its opt-in is recorded with
 * `consent_source` and `consent_statement` as when a contact is added (ADR 94); they are ignored
 * when the number stays the same.
 */
export const ZUpdateContactRequest = z.object({
  first_name: ZPersonName.optional(),
  last_name: ZPersonName.optional(),
  phone_number: ZContactPhone.optional(),
  consent_source: z.enum(["form", "api"], k("contacts.validation.consent_source_invalid")).default("api"),
  consent_statement: ZConsentStatement,
});
export type TUpdateContactRequest = z.input<typeof ZUpdateContactRequest>;
export type TUpdateContactBody = z.output<typeof ZUpdateContactRequest>;

export const ZContact = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  /** In the local form, 0XXXXXXXXX. */
  phone_number: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TContact = z.infer<typeof ZContact>;

/** The same lists as the database's (packages/db schema/contacts.ts). */
export const CONSENT_KINDS = ["opt_in", "opt_out"] as const;
export const CONSENT_SOURCES = [
  "form",
  "api",
  "import",
  "link",
  "stop_reply",
  "gateway_report",
  "manual",
] as const;

/** One entry of a number's consent history (ADR 94): an opt-in or an opt-out, where it came from, when. */
export const ZConsentEntry = z.object({
  id: z.number().int(),
  kind: z.enum(CONSENT_KINDS),
  source: z.enum(CONSENT_SOURCES),
  /**
   * The text agreed (an opt-in) or the gateway's code (an opt-out); null on an opt-in recorded
   * before every opt-in had one (shown as "not recorded", ADR 108).
   */
  statement: z.string().nullable(),
  /** The organization's consent wording version the text is; null for a text of the member's or caller's own. */
  version: z.number().int().nullable(),
  created_at: z.string(),
});
export type TConsentEntry = z.infer<typeof ZConsentEntry>;
/** GET /c/contacts/{id}/consents: the contact's number's history in the organization, newest first. */
export const ZConsentHistoryResponse = z.object({ data: z.array(ZConsentEntry) });
export type TConsentHistoryResponse = z.infer<typeof ZConsentHistoryResponse>;

/** The consent export's columns (a PDPA audit's evidence), in order, with their headers and widths. */
export const CONSENT_EXPORT_COLUMNS = [
  { key: "phone_number", th: "หมายเลขโทรศัพท์", en: "Phone number", width: 16 },
  { key: "kind", th: "ความยินยอม", en: "Consent", width: 18 },
  { key: "source", th: "ที่มา", en: "Source", width: 36 },
  { key: "statement", th: "ข้อความที่ยินยอม", en: "Text agreed", width: 48 },
  { key: "version", th: "เวอร์ชันข้อความความยินยอม", en: "Consent wording version", width: 14 },
  { key: "created_at", th: "วันที่บันทึก", en: "Recorded at", width: 20 },
] as const;

/** The consent export's columns with their headers in the reader's language. */
export function consentExportColumns(locale: "th" | "en"): { header: string; width: number }[] {
  return CONSENT_EXPORT_COLUMNS.map((column) => ({ header: column[locale], width: column.width }));
}

/** GET /c/consents/export: CSV (default) or XLSX. */
export const ZConsentExportQuery = z.object({
  format: z.enum(["csv", "xlsx"], k("contacts.validation.export_format_invalid")).default("csv"),
});
export type TConsentExportQuery = z.input<typeof ZConsentExportQuery>;
export const ZContactResponse = z.object({ data: ZContact });
export type TContactResponse = z.infer<typeof ZContactResponse>;
export const ZContactsResponse = listResponse(ZContact);
export type TContactsResponse = z.infer<typeof ZContactsResponse>;

/** Spec §3: the columns name, phone_number and created_at sort; created_at reversed by default. */
export const CONTACT_SORT = defineSort(["created_at", "name", "phone_number"], {
  key: "created_at",
  reverse: true,
});
export const ZContactsQuery = listQuery({ sort: CONTACT_SORT });
export type TContactsQuery = z.output<typeof ZContactsQuery>;
export type TContactsQueryInput = z.input<typeof ZContactsQuery>;

/** POST /c/contact-groups/{id}/contacts/delete: the selected rows, at most CONTACT_BULK_DELETE_MAX. */
export const ZDeleteContactsRequest = z.object({
  ids: z
    .array(ZContactId, k("contacts.validation.ids_required"))
    .min(1, k("contacts.validation.ids_required"))
    .max(CONTACT_BULK_DELETE_MAX, k("contacts.validation.ids_too_many")),
});
export type TDeleteContactsRequest = z.input<typeof ZDeleteContactsRequest>;

/** How many of the given ids were contacts of the group and are gone now. */
export const ZDeleteContactsResponse = z.object({ data: z.object({ deleted: z.number().int() }) });
export type TDeleteContactsResponse = z.infer<typeof ZDeleteContactsResponse>;

/** A single delete answers the id that is gone. */
export const ZDeletedResponse = z.object({ data: z.object({ id: z.number().int() }) });
export type TDeletedResponse = z.infer<typeof ZDeletedResponse>;

// ---- export ----

export const CONTACT_EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ContactExportFormat = (typeof CONTACT_EXPORT_FORMATS)[number];
/**
 * The exported columns, in order, with their headers in each language (names the import reads back,
 * rules/contact-import.ts) and their widths in characters.
 */
export const CONTACT_EXPORT_COLUMNS = [
  { key: "first_name", th: "ชื่อ", en: "First name", width: 20 },
  { key: "last_name", th: "นามสกุล", en: "Last name", width: 20 },
  { key: "phone_number", th: "หมายเลขโทรศัพท์", en: "Phone number", width: 16 },
  { key: "created_at", th: "วันที่เพิ่ม", en: "Added at", width: 20 },
] as const;

/** The contact export's columns with their headers in the reader's language. */
export function contactExportColumns(locale: Locale): { header: string; width: number }[] {
  return CONTACT_EXPORT_COLUMNS.map((column) => ({ header: column[locale], width: column.width }));
}

export const ZContactExportQuery = z.object({
  format: z.enum(CONTACT_EXPORT_FORMATS, k("contacts.validation.export_format_invalid")).default("csv"),
});
export type TContactExportQuery = z.input<typeof ZContactExportQuery>;

// ---- search ----

/** Text that reads as a phone number being typed: digits with an optional leading + and separators. */
const PHONE_LIKE = /^\+?[\s-]*\d[\d\s-]*$/;

export type ContactSearch = { kind: "phone"; prefix: string } | { kind: "name"; text: string };

/**
 * What a contacts search looks for. A number in any form, even partly typed (0812…, 66812…,
 * +66812…, 812…), becomes a prefix of the stored 66 form, which the (group_id, phone_number)
 * index answers; anything else is looked for inside the name.
 */
export function contactSearchOf(text: string): ContactSearch {
  const trimmed = text.trim();
  if (!PHONE_LIKE.test(trimmed)) return { kind: "name", text: trimmed };
  const thai66 = toThai66(trimmed);
  // Typed without the leading 0 or 66 (812…): the national number, as in 0812….
  const prefix = thai66.startsWith("66") ? thai66 : `66${thai66}`;
  return { kind: "phone", prefix };
}
