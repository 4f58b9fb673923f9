import { z } from "zod";
import type senderTexts from "../../locales/en/senders.json";
import { hasMarkup } from "../rules/person-name.ts";
import { SENDER_NAME_MAX_LENGTH, type ValidationMessageKey, ZSenderName } from "../rules/validation.ts";
import type { AccountMessageKey } from "./accounts.ts";
import { ZStoredFile } from "./files.ts";
import { defineSort, listQueryShape, listResponse, resolveSort } from "./lists.ts";
import { text } from "./text.ts";

/**
 * Sender names (Sender IDs, spec §3 Sender, §4 sender states, §5 sender rules; issue 11 point 4):
 * a request with evidence, decided once by staff, cancelled after a year without use. The shared
 * default sender has no organization and every organization may send with it.
 */

export type SenderMessageKey = keyof typeof senderTexts;
type Key =
  | SenderMessageKey
  | ValidationMessageKey
  | Extract<AccountMessageKey, "validation.required" | "validation.name_markup">;
const k = (key: Key) => ({ error: key });

/** The same lists as the database's (packages/db schema/contacts.ts); a server test keeps them equal. */
export const SENDER_STATUSES = ["pending", "approved", "blocked", "cancelled"] as const;
export type SenderStatus = (typeof SENDER_STATUSES)[number];
export const SENDER_TYPES = ["marketing", "otp"] as const;
export type SenderType = (typeof SENDER_TYPES)[number];
export const SENDER_ACCOUNT_TYPES = ["individual", "juristic"] as const;
export type SenderAccountType = (typeof SENDER_ACCOUNT_TYPES)[number];
/** Spec §3: the six kinds of evidence; a website is a link, every other kind is an uploaded document. */
export const SENDER_EVIDENCE_TYPES = [
  "company_registration",
  "website",
  "pp20",
  "director_id",
  "commercial_registration",
  "personal_id",
] as const;
export type SenderEvidenceType = (typeof SENDER_EVIDENCE_TYPES)[number];
/** The kinds that are documents (uploaded files); the website is a link. */
export const SENDER_DOCUMENT_KINDS = [
  "company_registration",
  "pp20",
  "director_id",
  "commercial_registration",
  "personal_id",
] as const satisfies readonly Exclude<SenderEvidenceType, "website">[];
export type SenderDocumentKind = (typeof SENDER_DOCUMENT_KINDS)[number];

/**
 * The documents each account type may give (review D20): a company proves itself with its
 * registration, VAT registration and its director's ID; a person with their own ID or a commercial
 * registration. A website link suits both, beside or instead of documents.
 */
export const SENDER_DOCUMENTS_FOR: Readonly<Record<SenderAccountType, readonly SenderDocumentKind[]>> = {
  juristic: ["company_registration", "pp20", "director_id"],
  individual: ["personal_id", "commercial_registration"],
};

/** Spec §5, §9: files per request; the example message is a textarea (255). */
export const SENDER_LIMITS = {
  name: SENDER_NAME_MAX_LENGTH,
  companyName: 200,
  exampleMessage: 255,
  minFiles: 1,
  maxFiles: 5,
  reason: 500,
  websiteUrl: 500,
} as const;

/** Spec §2: approval takes 1–3 working days (shown on the request page). */
export const SENDER_APPROVAL_WORKING_DAYS = { min: 1, max: 3 } as const;

const requiredText = (max: number, tooLong: Key) =>
  text(k("validation.required"))
    .trim()
    // Not `abort`: an explicit abort would skip the company check below (every missing field at once).
    .min(1, k("validation.required"))
    .max(max, k(tooLong));

/** An absolute http(s) link; anything else (javascript:, ftp:, a bare word) is refused. */
function isWebLink(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** One evidence document of a request: what it is, and the file uploaded with POST /c/files?kind=sender_evidence. */
export const ZSenderEvidenceDocument = z.object({
  kind: z.enum(SENDER_DOCUMENT_KINDS, k("senders.validation.document_kind_required")),
  file_id: z.uuid(k("senders.validation.files_required")),
});

/**
 * POST /c/senders. The name follows spec §5 (at most 10 English letters, digits and . - _; no
 * spaces, no Thai). The evidence (review D20) is several documents, each with its kind (one of the
 * account type's, SENDER_DOCUMENTS_FOR) and its file uploaded first, at most 5, and/or the website
 * link; with neither, the spec's "select Evidence" message. The company name is asked of a
 * juristic person only (an individual's is stored empty). Unknown fields (status, organization_id)
 * are stripped.
 */
export const ZCreateSenderRequest = z
  .object({
    name: text(k("validation.sender_name_rule"))
      .trim()
      .min(1, { error: "validation.required" satisfies Key, abort: true })
      .pipe(ZSenderName),
    company_name: text(k("validation.required"))
      .trim()
      .max(SENDER_LIMITS.companyName, k("senders.validation.company_too_long"))
      .refine((v) => !hasMarkup(v), k("validation.name_markup"))
      .default(""),
    type: z.enum(SENDER_TYPES, k("senders.validation.type_invalid")),
    account_type: z.enum(SENDER_ACCOUNT_TYPES, k("senders.validation.account_type_invalid")),
    evidence_url: text(k("senders.validation.website_invalid"))
      .trim()
      .max(SENDER_LIMITS.websiteUrl, k("senders.validation.website_invalid"))
      .optional(),
    evidence_documents: z
      .array(ZSenderEvidenceDocument, k("senders.validation.files_required"))
      .max(SENDER_LIMITS.maxFiles, k("senders.validation.files_too_many"))
      .default([]),
    example_message: requiredText(SENDER_LIMITS.exampleMessage, "senders.validation.example_too_long"),
  })
  .superRefine(
    (value, ctx) => {
      if (value.account_type === "juristic" && (value.company_name ?? "") === "") {
        ctx.addIssue({
          code: "custom",
          path: ["company_name"],
          message: "validation.required" satisfies Key,
        });
      }
    },
    // Also when another field failed, so every missing field is flagged at once.
    { when: ({ value }) => typeof value === "object" && value !== null },
  )
  .superRefine((value, ctx) => {
    const url = value.evidence_url ?? "";
    if (url !== "" && !isWebLink(url)) {
      ctx.addIssue({
        code: "custom",
        path: ["evidence_url"],
        message: "senders.validation.website_invalid" satisfies Key,
      });
    }
    if (url === "" && value.evidence_documents.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["evidence_documents"],
        message: "validation.sender_evidence_required" satisfies Key,
      });
    }
    for (const [index, document] of value.evidence_documents.entries()) {
      if (!SENDER_DOCUMENTS_FOR[value.account_type].includes(document.kind)) {
        ctx.addIssue({
          code: "custom",
          path: ["evidence_documents", index, "kind"],
          message: "senders.validation.evidence_for_account_type" satisfies Key,
        });
      }
    }
  })
  .transform(({ evidence_url, evidence_documents, company_name, ...rest }) => {
    const seen = new Set<string>();
    return {
      ...rest,
      company_name: rest.account_type === "juristic" ? company_name : "",
      evidence_url: evidence_url ? evidence_url : null,
      // A file given twice is one document (its first kind).
      evidence_documents: evidence_documents.filter((d) => !seen.has(d.file_id) && seen.add(d.file_id)),
    };
  });
export type TCreateSenderRequest = z.input<typeof ZCreateSenderRequest>;
export type TCreateSenderBody = z.output<typeof ZCreateSenderRequest>;

/**
 * A document of a request: the stored file and what it is (null only for a document of a request
 * made before review D20 that named no kind). Optional in the type for fixtures of the older shape;
 * the server always sends it.
 */
export const ZSenderEvidenceFile = ZStoredFile.extend({
  evidence_kind: z.enum(SENDER_DOCUMENT_KINDS).nullable().optional(),
});
export type TSenderEvidenceFile = z.infer<typeof ZSenderEvidenceFile>;

/** One sender name as its organization sees it; `shared` marks the default sender every organization may use. */
export const ZSender = z.object({
  id: z.number().int(),
  name: z.string(),
  company_name: z.string(),
  type: z.enum(SENDER_TYPES),
  account_type: z.enum(SENDER_ACCOUNT_TYPES),
  /**
   * Not sent since review D20 (each document has its kind, `evidence_files[].evidence_kind`); kept
   * optional so readers of the older shape still type-check.
   */
  evidence_type: z.enum(SENDER_EVIDENCE_TYPES).nullable().optional(),
  /** The website link, when a website is among the evidence. */
  evidence_url: z.string().nullable(),
  evidence_files: z.array(ZSenderEvidenceFile),
  example_message: z.string(),
  status: z.enum(SENDER_STATUSES),
  /** Staff's reason for blocking or note on approval, or why it was cancelled (in the caller's language). */
  decision_reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  shared: z.boolean(),
  created_at: z.string(),
});
export type TSender = z.infer<typeof ZSender>;

/** The staff's view adds the organization and who asked. */
export const ZAdminSender = ZSender.extend({
  organization_id: z.number().int().nullable(),
  organization_name: z.string().nullable(),
  requested_by_email: z.string().nullable(),
  requested_by_name: z.string().nullable(),
  decided_by: z.number().int().nullable(),
});
export type TAdminSender = z.infer<typeof ZAdminSender>;

export const ZSenderResponse = z.object({ data: ZSender });
export type TSenderResponse = z.infer<typeof ZSenderResponse>;
export const ZSendersResponse = listResponse(ZSender);
export type TSendersResponse = z.infer<typeof ZSendersResponse>;
export const ZAdminSenderResponse = z.object({ data: ZAdminSender });
export type TAdminSenderResponse = z.infer<typeof ZAdminSenderResponse>;
export const ZAdminSendersResponse = listResponse(ZAdminSender);
export type TAdminSendersResponse = z.infer<typeof ZAdminSendersResponse>;

const ZStatusFilter = z
  .union([z.literal(""), z.enum(SENDER_STATUSES)], k("senders.validation.status_invalid"))
  .optional()
  .transform((v) => (v ? v : undefined));

/** The organization's senders: newest first. */
export const SENDER_SORT = defineSort(["created_at", "id", "name", "status"], {
  key: "created_at",
  reverse: true,
});
export const ZSendersQuery = z
  .object({ ...listQueryShape({ sort: SENDER_SORT }), status: ZStatusFilter })
  .transform((value) => resolveSort(value, SENDER_SORT));
export type TSendersQuery = z.output<typeof ZSendersQuery>;
export type TSendersQueryInput = z.input<typeof ZSendersQuery>;

/** The staff's queue: oldest first, so the longest-waiting request is decided first. */
export const ADMIN_SENDER_SORT = defineSort(["created_at", "id", "name", "status"], {
  key: "created_at",
  reverse: false,
});
export const ADMIN_SENDERS_PAGE_SIZE = 20;
/** `search` matches the sender name, the organization's name and the requester's name or e-mail. */
export const ZAdminSendersQuery = z
  .object({
    ...listQueryShape({ sort: ADMIN_SENDER_SORT, defaultSize: ADMIN_SENDERS_PAGE_SIZE }),
    status: ZStatusFilter,
  })
  .transform((value) => resolveSort(value, ADMIN_SENDER_SORT));
export type TAdminSendersQuery = z.output<typeof ZAdminSendersQuery>;
export type TAdminSendersQueryInput = z.input<typeof ZAdminSendersQuery>;

export const ZSenderIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export type TSenderIdParams = z.input<typeof ZSenderIdParams>;

/** Approving may carry a note the customer reads. */
export const ZApproveSenderRequest = z.object({
  note: text()
    .trim()
    .max(SENDER_LIMITS.reason, k("senders.validation.reason_too_long"))
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type TApproveSenderRequest = z.input<typeof ZApproveSenderRequest>;

/** Blocking says why; the customer reads it on /senders and in the e-mail. */
export const ZBlockSenderRequest = z.object({
  reason: text(k("senders.validation.reason_required"))
    .trim()
    .min(1, { error: "senders.validation.reason_required" satisfies Key, abort: true })
    .max(SENDER_LIMITS.reason, k("senders.validation.reason_too_long")),
});
export type TBlockSenderRequest = z.input<typeof ZBlockSenderRequest>;
