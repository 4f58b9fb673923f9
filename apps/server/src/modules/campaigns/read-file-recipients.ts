import type { Readable } from "node:stream";
import { countSms, findTemplateTags, toLocalPhone } from "@sms/domain";
import { cleanImportText, importPhone } from "@sms/domain/rules/contact-import";
import {
  detectFileCampaignLayout,
  FILE_CAMPAIGN_MAX_ROWS,
  type FileCampaignLayout,
  PHONE_TAG,
} from "@sms/domain/rules/file-campaign";
import { isPersonalised, type MessagePiece, splitMessage } from "@sms/domain/rules/personalisation";
import { AppError } from "../../errors.ts";
import { readerErrorsAs } from "../../platform/reader-errors.ts";
import { detectCsvEncoding, readCsvRows, readXlsxRows, type XlsxCell } from "../contact-imports/index.ts";

/** An uploaded campaign file: the sniffed type and a way to read its bytes (twice for a CSV). */
export interface CampaignFile {
  type: "csv" | "xlsx";
  /** Display name (the default campaign name). */
  name: string;
  open: () => Promise<Readable>;
}

export interface FileReadOptions {
  /** The text as written; its tags must be columns of the file. */
  text: string;
  /** The phone column's header when it is not recognised by name. */
  phoneColumn?: string | undefined;
  /**
   * ASCII characters each text gets after it is read (tracked links: the recipient's seq after each
   * link's code, added by the database), counted in its parts.
   */
  seqPadding?: number | undefined;
}

/** A recipient read from the file: its seq among the kept ones (1..n), 66-form number, own text (null: the campaign's) and parts. */
export type FileRecipient = (seq: number, msisdn: string, text: string | null, parts: number) => unknown;

export interface FileRead {
  /** Data rows (after the header; blank rows skipped). */
  rows: number;
  invalid: number;
  duplicates: number;
  /** Unique valid numbers handed to `onRecipient`. */
  valid: number;
  credits: number;
  minParts: number;
  maxParts: number;
  personalised: boolean;
  encoding: string;
  phoneColumn: string | null;
  /** The tags the message may use, braces included. */
  tags: string[];
}

/** Longest personalisation value taken from a cell; longer text is cut, not refused. */
const VALUE_MAX_LENGTH = 255;

type Cell = XlsxCell | undefined;

const textOf = (cell: Cell) => (cell === null || cell === undefined ? "" : String(cell));
const isBlank = (cells: readonly Cell[]) => cells.every((cell) => textOf(cell).trim() === "");

const fileError = (messageKey: string, params: Record<string, string | number> = {}, cause?: unknown) =>
  new AppError("VALIDATION", { messageKey, params, details: [{ path: "file", message: messageKey }], cause });

async function openRows(file: CampaignFile): Promise<{ rows: AsyncIterable<Cell[]>; encoding: string }> {
  if (file.type === "xlsx") return { rows: readXlsxRows(await file.open()), encoding: "xlsx" };
  const encoding = await detectCsvEncoding(await file.open());
  return { rows: readCsvRows(await file.open(), encoding), encoding };
}

/**
 * The message's pieces for this file's columns, or a translated 400 naming the tags it may use
 * (braces around an identifier are reserved for tags, as in templates).
 */
function piecesFor(text: string, layout: FileCampaignLayout): MessagePiece[] {
  const available = new Set([PHONE_TAG, ...layout.tags.keys()]);
  const unknown = findTemplateTags(text).filter((tag) => !available.has(tag.name));
  if (unknown.length > 0) {
    const message = "campaigns.file.unknown_tag";
    throw new AppError("VALIDATION", {
      messageKey: message,
      params: {
        tag: unknown[0]?.text ?? "",
        tags: [...available].map((tag) => `{${tag}}`).join(", "),
      },
      details: [{ path: "message", message }],
    });
  }
  return splitMessage(text, (name) => available.has(name));
}

/** One recipient's text: literal pieces, the phone in local form, other tags from their cells. */
function renderer(pieces: readonly MessagePiece[], layout: FileCampaignLayout) {
  const steps = pieces.map((piece) =>
    "text" in piece ? piece.text : piece.tag === PHONE_TAG ? -1 : (layout.tags.get(piece.tag) ?? -2),
  );
  return (cells: readonly Cell[], msisdn: string): string => {
    let out = "";
    for (const step of steps) {
      if (typeof step === "string") out += step;
      else if (step === -1) out += toLocalPhone(msisdn);
      else out += cleanImportText(textOf(cells[step]), VALUE_MAX_LENGTH);
    }
    return out;
  };
}

/**
 * Streams a CSV (UTF-8 or Windows-874) or XLSX campaign file: the first row sets the layout
 * (rules/file-campaign.ts) and the message's tags are checked against it; then every row is
 * classified: a number Excel damaged is recovered, an invalid one counted, a repeat of a number
 * seen earlier (one Set of 66-form numbers) counted, and each unique valid number handed to
 * `onRecipient` with its text and billed parts, in file order. Nothing here touches the database.
 */
export async function readFileRecipients(
  file: CampaignFile,
  options: FileReadOptions,
  onRecipient: FileRecipient,
): Promise<FileRead> {
  const opened = await openRows(file);
  // ASCII added to a text changes its length, never its encoding: counted as if already there.
  const padding = "0".repeat(options.seqPadding ?? 0);
  const partsOf = (text: string) => countSms(padding === "" ? text : text + padding).parts;
  const uniformParts = partsOf(options.text);
  let layout: FileCampaignLayout | undefined;
  let pieces: MessagePiece[] = [];
  let personalised = false;
  let render: ((cells: readonly Cell[], msisdn: string) => string) | undefined;
  let phoneColumn: string | null = null;
  const seen = new Set<number>();
  const read = { rows: 0, invalid: 0, duplicates: 0, valid: 0, credits: 0, minParts: 0, maxParts: 0 };
  for await (const cells of readerErrorsAs(opened.rows, (cause) =>
    fileError("campaigns.file.unreadable", {}, cause),
  )) {
    if (isBlank(cells)) continue;
    if (!layout) {
      const first = cells.map((cell) => cleanImportText(textOf(cell), VALUE_MAX_LENGTH));
      const detected = detectFileCampaignLayout(first, options.phoneColumn);
      if (!detected) {
        throw new AppError("VALIDATION", {
          messageKey: "campaigns.file.phone_column_not_found",
          params: { column: options.phoneColumn ?? "" },
          details: [{ path: "phone_column", message: "campaigns.file.phone_column_not_found" }],
        });
      }
      layout = detected;
      pieces = piecesFor(options.text, layout);
      personalised = isPersonalised(pieces);
      render = renderer(pieces, layout);
      if (layout.header) {
        phoneColumn = first[layout.phone] ?? null;
        continue;
      }
    }
    read.rows += 1;
    if (read.rows > FILE_CAMPAIGN_MAX_ROWS) {
      throw fileError("campaigns.file.too_many_rows", { limit: FILE_CAMPAIGN_MAX_ROWS.toLocaleString("en") });
    }
    const msisdn = importPhone(cells[layout.phone] ?? null);
    if (msisdn === null) {
      read.invalid += 1;
      continue;
    }
    // 66XXXXXXXXX fits a double exactly; numbers keep the Set small for a million rows.
    const key = Number(msisdn);
    if (seen.has(key)) {
      read.duplicates += 1;
      continue;
    }
    seen.add(key);
    let text: string | null = null;
    let parts = uniformParts;
    if (personalised && render) {
      const body = render(cells, msisdn);
      parts = partsOf(body);
      text = body === options.text ? null : body;
    }
    read.valid += 1;
    read.credits += parts;
    read.minParts = read.valid === 1 ? parts : Math.min(read.minParts, parts);
    read.maxParts = Math.max(read.maxParts, parts);
    await onRecipient(read.valid, msisdn, text, parts);
  }
  if (!layout || read.rows === 0) throw fileError("campaigns.file.empty");
  return {
    ...read,
    personalised,
    encoding: opened.encoding,
    phoneColumn,
    tags: [PHONE_TAG, ...layout.tags.keys()].map((tag) => `{${tag}}`),
  };
}
