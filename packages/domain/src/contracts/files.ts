import { z } from "zod";
import { text } from "./text.ts";

/**
 * Uploads (spec §5, §9; DESIGN §8). Every use of the one upload mechanism is a kind that declares
 * the file types it accepts and its size cap, so the server enforces them and the web shows them
 * from the same declaration. The type is always sniffed from the content; the extensions here are
 * only what the web offers in its file picker.
 */
export const UPLOAD_FILE_TYPES = {
  png: { mime: "image/png", extensions: [".png"] },
  jpg: { mime: "image/jpeg", extensions: [".jpg", ".jpeg"] },
  webp: { mime: "image/webp", extensions: [".webp"] },
  pdf: { mime: "application/pdf", extensions: [".pdf"] },
  // CSV has no magic bytes: it is accepted only as plain text (UTF-8 with or without BOM, or TIS-620).
  csv: { mime: "text/csv", extensions: [".csv"] },
  xlsx: {
    mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    extensions: [".xlsx"],
  },
} as const;

export type UploadFileType = keyof typeof UPLOAD_FILE_TYPES;

const MiB = 1024 * 1024;

/**
 * Caps: sender evidence 5 MB per file is the spec's (§5, §9); a payment slip or scan fits well in
 * 10 MB; 50 MB holds a spreadsheet of about a million phone numbers. Legacy .xls (OLE compound
 * files) is refused: its signature is shared with every old Office document and the importer
 * reads XLSX only.
 */
export const UPLOAD_KINDS = {
  payment_proof: {
    types: ["png", "jpg", "webp", "pdf"],
    maxBytes: 10 * MiB,
    missingMessage: "validation.proof_file_required",
    unsupportedMessage: "validation.proof_file_required",
  },
  /** A juristic buyer's withholding-tax certificate (50 ทวิ) for an order: a scan, photo or PDF. */
  withholding_certificate: {
    types: ["png", "jpg", "webp", "pdf"],
    maxBytes: 10 * MiB,
    missingMessage: "validation.proof_file_required",
    unsupportedMessage: "validation.proof_file_required",
  },
  sender_evidence: {
    types: ["pdf", "png", "jpg"],
    maxBytes: 5 * MiB,
    missingMessage: "validation.evidence_file_required",
    unsupportedMessage: "validation.evidence_file_required",
  },
  contact_import: {
    types: ["csv", "xlsx"],
    maxBytes: 50 * MiB,
    missingMessage: "validation.import_file_required",
    unsupportedMessage: "validation.unsupported_file_format",
  },
  file_campaign: {
    types: ["csv", "xlsx"],
    maxBytes: 50 * MiB,
    missingMessage: "validation.import_file_required",
    unsupportedMessage: "validation.unsupported_file_format",
  },
} as const satisfies Record<
  string,
  {
    types: readonly UploadFileType[];
    maxBytes: number;
    /** i18n key answered when no file was sent. */
    missingMessage: string;
    /** i18n key answered when the content is not one of `types`. */
    unsupportedMessage: string;
  }
>;

/** The largest cap of any kind: the multipart parser's own limit, above which nothing is read. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_KINDS).map((kind) => kind.maxBytes));

export type UploadKind = keyof typeof UPLOAD_KINDS;
export const UPLOAD_KIND_NAMES = Object.keys(UPLOAD_KINDS) as [UploadKind, ...UploadKind[]];

/** The `accept` attribute of a file input for a kind, e.g. ".pdf,.png,.jpg,.jpeg". */
export function uploadAccept(kind: UploadKind): string {
  return UPLOAD_KINDS[kind].types.flatMap((type) => UPLOAD_FILE_TYPES[type].extensions).join(",");
}

/*
 * Upload messages are i18n keys; their texts are in locales/<lang>/files.json. The spec's own
 * ("Please add file .csv or .xls file!", "Unsupported file format", "Please add image or pdf
 * file!") are in validation.json; files.json has the ones the spec does not word. `{{limit}}` is a
 * size like "5 MB".
 */

/** A size cap as people read it: 5242880 → "5 MB". */
export function formatUploadLimit(bytes: number): string {
  return `${Math.round((bytes / MiB) * 10) / 10} MB`;
}

export const ZUploadKind = z.enum(UPLOAD_KIND_NAMES, { error: "validation.upload_kind_invalid" });

/** `kind` of POST /c/files may come as a query parameter (or as a form field before the file). */
export const ZUploadQuery = z.object({ kind: ZUploadKind.optional() });
export type TUploadQuery = z.infer<typeof ZUploadQuery>;

export const ZFileIdParams = z.object({ id: text().max(64) });
export type TFileIdParams = z.infer<typeof ZFileIdParams>;

export const ZStoredFile = z.object({
  id: z.string(),
  kind: ZUploadKind,
  /** Sniffed from the content. */
  mime: z.string(),
  /** Bytes. */
  size: z.number().int(),
  /** The uploader's file name, for display only. */
  original_name: z.string(),
  created_at: z.string(),
});
export type TStoredFile = z.infer<typeof ZStoredFile>;

export const ZStoredFileResponse = z.object({ data: ZStoredFile });
export type TStoredFileResponse = z.infer<typeof ZStoredFileResponse>;
