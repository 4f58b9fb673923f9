import { createHash, randomUUID } from "node:crypto";
import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import type { Multipart, MultipartFile } from "@fastify/multipart";
import { type Db, schema } from "@sms/db";
import {
  formatUploadLimit,
  UPLOAD_FILE_TYPES,
  UPLOAD_KINDS,
  type UploadFileType,
  type UploadKind,
} from "@sms/domain";
import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { type FileTypeResult, fileTypeFromStream } from "file-type/node";
import { AppError } from "../errors.ts";
import type { ObjectStorage } from "../storage/index.ts";

/**
 * The one upload mechanism (DESIGN §8) behind POST /c/files and the import endpoints: the single
 * `file` part is streamed to storage under a server-chosen key while it is counted, hashed and
 * typed from its content. The file name and the part's Content-Type are never trusted: the name is
 * kept only as display text, the type comes from the bytes.
 */

export type FileRecord = typeof schema.files.$inferSelect;

export interface ReceivedUpload {
  /** The stored file's row; read the bytes back with `request.server.storage.get(file.storageKey)`. */
  file: FileRecord;
  /** The form's text fields (only those sent before the file reach a kind resolver). */
  fields: Record<string, string>;
}

/** A fixed kind (import endpoints), or one read from the fields sent before the file (POST /c/files). */
export type UploadKindChoice = UploadKind | ((fields: Readonly<Record<string, string>>) => UploadKind);

/** The form field that carries the file. */
export const FILE_FIELD = "file";

function missingFile(kind: UploadKind): AppError {
  const message = UPLOAD_KINDS[kind].missingMessage;
  return new AppError("VALIDATION", { messageKey: message, details: [{ path: FILE_FIELD, message }] });
}

function unsupportedFile(kind: UploadKind): AppError {
  const message = UPLOAD_KINDS[kind].unsupportedMessage;
  return new AppError("VALIDATION", { messageKey: message, details: [{ path: FILE_FIELD, message }] });
}

function tooLarge(kind: UploadKind): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", {
    messageKey: "validation.file_too_large",
    params: { limit: formatUploadLimit(UPLOAD_KINDS[kind].maxBytes) },
  });
}

// Per byte: 0 = binary (NUL and control characters other than tab, LF, CR), 1 = ASCII text,
// 2 = a high byte that Windows-874 / TIS-620 maps (Thai letters, €, …, smart quotes), 3 = unmapped.
const BYTE_CLASS = Uint8Array.from({ length: 256 }, (_, b) => {
  if (b === 0x09 || b === 0x0a || b === 0x0d) return 1;
  if (b < 0x20 || b === 0x7f) return 0;
  if (b < 0x80) return 1;
  const windows874 =
    b === 0x80 ||
    b === 0x85 ||
    (b >= 0x91 && b <= 0x97) ||
    (b >= 0xa0 && b <= 0xda) ||
    (b >= 0xdf && b <= 0xfb);
  return windows874 ? 2 : 3;
});

const LEADING_BYTES = 512;

/**
 * CSV has no magic bytes, so it is recognised as plain text: no NUL or other control bytes, valid
 * UTF-8 (with or without BOM) or TIS-620 / Windows-874, and not markup (HTML, XML, SVG start with
 * "<", which no contact list does).
 */
class TextCheck {
  private readonly utf8 = new TextDecoder("utf-8", { fatal: true });
  private binary = false;
  private utf8Valid = true;
  private thaiValid = true;
  private leading = Buffer.alloc(0);

  get failed(): boolean {
    return this.binary || (!this.utf8Valid && !this.thaiValid);
  }

  update(chunk: Buffer): void {
    if (this.failed) return;
    if (this.leading.length < LEADING_BYTES) {
      this.leading = Buffer.concat([this.leading, chunk.subarray(0, LEADING_BYTES - this.leading.length)]);
    }
    for (const byte of chunk) {
      const kind = BYTE_CLASS[byte];
      if (kind === 0) {
        this.binary = true;
        return;
      }
      if (kind === 3) this.thaiValid = false;
    }
    if (this.utf8Valid) {
      try {
        this.utf8.decode(chunk, { stream: true });
      } catch {
        this.utf8Valid = false;
      }
    }
  }

  /** Whether everything seen, now complete, is plain text. */
  finish(): boolean {
    if (this.utf8Valid) {
      try {
        this.utf8.decode();
      } catch {
        this.utf8Valid = false;
      }
    }
    const start = this.leading
      .toString("latin1")
      .replace(/^\xEF\xBB\xBF/, "")
      .trimStart();
    return !this.failed && !start.startsWith("<");
  }
}

/**
 * file-type reading the upload as it streams by: most formats are known after the first few KB
 * (so a disguised file is refused early), while an XLSX is recognised from its zip entries even
 * when [Content_Types].xml comes late, as in streamed exports.
 */
class TypeDetector {
  private readonly feed = new PassThrough();
  private readonly detection: Promise<FileTypeResult | undefined>;
  settled = false;
  result: FileTypeResult | undefined;

  constructor() {
    // Writes after file-type has finished (and destroyed its input) are not errors.
    this.feed.on("error", () => {});
    this.detection = fileTypeFromStream(this.feed)
      .catch(() => undefined)
      .then((result) => {
        this.settled = true;
        this.result = result;
        return result;
      });
  }

  async write(chunk: Buffer): Promise<void> {
    if (this.settled || this.feed.destroyed) return;
    if (!this.feed.write(chunk)) await Promise.race([once(this.feed, "drain"), this.detection]);
  }

  end(): Promise<FileTypeResult | undefined> {
    if (!this.feed.destroyed && !this.feed.writableEnded) this.feed.end();
    return this.detection;
  }

  cancel(): void {
    this.feed.destroy();
  }
}

function uploadTypeOf(result: FileTypeResult): UploadFileType | undefined {
  const entry = Object.entries(UPLOAD_FILE_TYPES).find(([, type]) => type.mime === result.mime);
  return entry?.[0] as UploadFileType | undefined;
}

const ZIP_MIME = "application/zip";
const ZIP_END_OF_DIRECTORY = 0x06054b50;
const ZIP_DIRECTORY_ENTRY = 0x02014b50;
/** The end of a zip holds its directory: the end record (22 bytes + a comment of up to 64 KB) and the entries. */
const ZIP_TAIL_BYTES = 256 * 1024;

/**
 * Whether a zip, seen only by its last bytes, is a workbook: its central directory lists
 * [Content_Types].xml and xl/workbook.xml. file-type gives up on an entry streamed with a data
 * descriptor once it passes 1 MB, so a large streamed XLSX (exceljs's streaming writer, our own
 * exports) whose [Content_Types].xml comes after the sheet is only "zip" to it.
 */
function keepTail(tail: Buffer, chunk: Buffer): Buffer {
  if (chunk.length >= ZIP_TAIL_BYTES) return Buffer.from(chunk.subarray(chunk.length - ZIP_TAIL_BYTES));
  const joined = Buffer.concat([tail, chunk]);
  return joined.length > ZIP_TAIL_BYTES ? joined.subarray(joined.length - ZIP_TAIL_BYTES) : joined;
}

export function zipTailIsXlsx(tail: Buffer, totalSize: number): boolean {
  for (let end = tail.length - 22; end >= 0; end--) {
    if (tail.readUInt32LE(end) !== ZIP_END_OF_DIRECTORY) continue;
    const entries = tail.readUInt16LE(end + 10);
    let at = tail.readUInt32LE(end + 16) - (totalSize - tail.length);
    if (at < 0) return false;
    const names = new Set<string>();
    for (let i = 0; i < entries && at + 46 <= end; i++) {
      if (tail.readUInt32LE(at) !== ZIP_DIRECTORY_ENTRY) return false;
      const nameLength = tail.readUInt16LE(at + 28);
      names.add(tail.toString("utf8", at + 46, at + 46 + nameLength));
      at += 46 + nameLength + tail.readUInt16LE(at + 30) + tail.readUInt16LE(at + 32);
    }
    return names.has("[Content_Types].xml") && names.has("xl/workbook.xml");
  }
  return false;
}

interface Inspected {
  type: UploadFileType;
  size: number;
  sha256: string;
}

/** Counts, hashes and types the bytes on their way to storage; any refusal fails the stream. */
class UploadInspector {
  private size = 0;
  private readonly hash = createHash("sha256");
  private readonly text = new TextCheck();
  private readonly detector = new TypeDetector();
  private tail: Buffer = Buffer.alloc(0);
  result: Inspected | undefined;

  constructor(
    private readonly kind: UploadKind,
    private readonly filename: string | undefined,
  ) {}

  /**
   * A name that claims a type we know must agree with the content: a PDF called slip.png, or a
   * PNG called report.pdf, is refused rather than stored under a name that lies about it. A name
   * with no known extension leaves the decision to the content.
   */
  private nameAgrees(type: UploadFileType): boolean {
    const dot = (this.filename ?? "").lastIndexOf(".");
    if (dot < 0) return true;
    const extension = (this.filename ?? "").slice(dot).toLowerCase();
    const claimed = Object.values(UPLOAD_FILE_TYPES).some((t) =>
      (t.extensions as readonly string[]).includes(extension),
    );
    return !claimed || (UPLOAD_FILE_TYPES[type].extensions as readonly string[]).includes(extension);
  }

  private allowed(type: UploadFileType | undefined): type is UploadFileType {
    return type !== undefined && (UPLOAD_KINDS[this.kind].types as readonly UploadFileType[]).includes(type);
  }

  /** A plain zip may still be a streamed XLSX: that is decided from its directory, at the end. */
  private maybeXlsx(detected: FileTypeResult | undefined): boolean {
    return detected?.mime === ZIP_MIME && this.allowed("xlsx");
  }

  /** Refuses as soon as the content type is known to be wrong, before the rest is read. */
  private rejectEarly(): void {
    if (!this.detector.settled) return;
    const detected = this.detector.result;
    if (this.maybeXlsx(detected)) return;
    if (detected ? !this.allowed(uploadTypeOf(detected)) : !this.allowed("csv") || this.text.failed) {
      throw unsupportedFile(this.kind);
    }
  }

  async *pass(source: Readable): AsyncGenerator<Buffer> {
    const maxBytes = UPLOAD_KINDS[this.kind].maxBytes;
    try {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        this.size += chunk.length;
        if (this.size > maxBytes) throw tooLarge(this.kind);
        this.hash.update(chunk);
        this.text.update(chunk);
        if (this.allowed("xlsx")) this.tail = keepTail(this.tail, chunk);
        await this.detector.write(chunk);
        this.rejectEarly();
        yield chunk;
      }
      if (this.size === 0) throw missingFile(this.kind);
      const detected = await this.detector.end();
      const type = this.maybeXlsx(detected)
        ? zipTailIsXlsx(this.tail, this.size)
          ? "xlsx"
          : undefined
        : detected
          ? uploadTypeOf(detected)
          : this.text.finish()
            ? "csv"
            : undefined;
      if (!this.allowed(type) || !this.nameAgrees(type)) throw unsupportedFile(this.kind);
      // Set before the last byte is handed on, so storage commits only an accepted file.
      this.result = { type, size: this.size, sha256: this.hash.digest("hex") };
    } catch (err) {
      if (err instanceof AppError) throw err;
      // The request body broke off or was malformed mid-file.
      throw new AppError("VALIDATION", { cause: err });
    } finally {
      this.detector.cancel();
    }
  }
}

/** The uploader's file name as display text: no path, no control or bidi-override characters. */
export function displayName(filename: string | undefined): string {
  const base = (filename ?? "").split(/[\\/]/).pop() ?? "";
  const clean = base
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .replace(/^[\s.]+/, "")
    .trim();
  return Array.from(clean).slice(0, 200).join("") || "file";
}

interface StoredObject extends Inspected {
  id: string;
  kind: UploadKind;
  storageKey: string;
  originalName: string;
}

async function storeFile(
  storage: ObjectStorage,
  part: MultipartFile,
  kind: UploadKind,
): Promise<StoredObject> {
  const id = randomUUID();
  const storageKey = `${kind}/${id.slice(0, 2)}/${id}`;
  const inspector = new UploadInspector(kind, part.filename);
  await storage.put(storageKey, Readable.from(inspector.pass(part.file)));
  if (!inspector.result) throw new Error("upload stream ended without an inspection result");
  return { ...inspector.result, id, kind, storageKey, originalName: displayName(part.filename) };
}

/** Errors of the multipart parser itself (not of our checks or of the storage). */
function parserError(err: unknown): Error {
  if ((err as { code?: string }).code === "FST_FILES_LIMIT") {
    return new AppError("VALIDATION", {
      messageKey: "validation.one_file_only",
      details: [{ path: FILE_FIELD, message: "validation.one_file_only" }],
    });
  }
  const status = (err as { statusCode?: number }).statusCode;
  if (err instanceof Error && status !== undefined && status >= 400 && status < 500) return err;
  return new AppError("VALIDATION", { cause: err });
}

/**
 * Receives the request's one file for `kind`, stores it and records it for the current
 * organization. Needs the `requireMember()` guard. Throws translated AppErrors: 400 with the
 * kind's message when no file or a wrong type was sent, 413 as soon as the kind's cap is passed.
 * A refused or failed upload leaves neither an object nor a row behind.
 */
export async function receiveUpload(
  request: FastifyRequest,
  choice: UploadKindChoice,
): Promise<ReceivedUpload> {
  const tenant = request.tenant;
  if (!tenant) throw new Error("receiveUpload needs the requireMember() guard");
  const fields: Record<string, string> = Object.create(null);
  const resolveKind = () => (typeof choice === "function" ? choice(fields) : choice);
  if (!request.isMultipart()) throw missingFile(resolveKind());

  const { storage } = request.server;
  const discard = (key: string) =>
    storage.delete(key).catch((err: unknown) => {
      request.log.error({ err, storageKey: key }, "could not remove a refused upload");
    });

  let stored: StoredObject | undefined;
  const parts = request.parts()[Symbol.asyncIterator]();
  try {
    for (;;) {
      let step: IteratorResult<Multipart>;
      try {
        step = await parts.next();
      } catch (err) {
        throw parserError(err);
      }
      if (step.done) break;
      const part = step.value;
      if (part.type === "field") {
        // Past the parser's fieldSize the value is cut silently; a cut message must not be used.
        if (part.valueTruncated) {
          throw new AppError("VALIDATION", {
            details: [{ path: part.fieldname, message: "errors.field.too_long" }],
          });
        }
        if (typeof part.value === "string" && !(part.fieldname in fields))
          fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== FILE_FIELD) {
        part.file.resume();
        throw missingFile(resolveKind());
      }
      stored = await storeFile(storage, part, resolveKind());
    }
    if (!stored) throw missingFile(resolveKind());
    const [file] = await tenant.scope.db
      .insert(schema.files)
      .values(
        tenant.scope.stamp({
          id: stored.id,
          uploadedBy: tenant.userId,
          kind: stored.kind,
          mime: UPLOAD_FILE_TYPES[stored.type].mime,
          extension: stored.type,
          sizeBytes: stored.size,
          sha256: stored.sha256,
          storageKey: stored.storageKey,
          originalName: stored.originalName,
        }),
      )
      .returning();
    if (!file) throw new Error("files insert returned no row");
    return { file, fields: { ...fields } };
  } catch (err) {
    if (stored) await discard(stored.storageKey);
    throw err;
  } finally {
    await parts.return?.(undefined);
  }
}

/**
 * Removes an upload's `files` row (the organization's only) when its use is over; answers its
 * storage key for the caller to delete the object, or null when there was no such row. Uploads are
 * inserted (receiveUpload) and removed only here (ADR 68).
 */
export async function deleteUploadRow(
  db: Db,
  organizationId: number,
  fileId: string,
): Promise<string | null> {
  const f = schema.files;
  const [removed] = await db
    .delete(f)
    .where(and(eq(f.id, fileId), eq(f.organizationId, organizationId)))
    .returning({ storageKey: f.storageKey });
  return removed?.storageKey ?? null;
}
