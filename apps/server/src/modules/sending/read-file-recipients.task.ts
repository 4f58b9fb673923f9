import { cleanImportText, importPhone } from "@sms/domain/rules/contact-import";
import {
  detectFileCampaignLayout,
  FILE_CAMPAIGN_MAX_ROWS,
  type FileCampaignLayout,
  PHONE_TAG,
} from "@sms/domain/rules/file-campaign";
import {
  isPersonalised,
  lacksValue,
  type MessagePiece,
  renderPieces,
  splitMessage,
} from "@sms/domain/rules/personalisation";
import { toLocalPhone } from "@sms/domain/rules/phone";
import { countSms } from "@sms/domain/rules/sms";
import { findTemplateTags } from "@sms/domain/rules/template-tags";
import { AppError, type RefusalReason } from "../../errors.ts";
import type { MessageKey } from "../../i18n/index.ts";
import { readerErrorsAs } from "../../platform/reader-errors.ts";
import { type SpreadsheetCell, spreadsheetRows } from "../../platform/spreadsheet-rows.ts";
import { openCallerFile } from "../../platform/worker-file.ts";
import type { TaskPort } from "../../platform/worker-pool.ts";

export interface FileReadTaskInput {
  type: "csv" | "xlsx";
  /** The text as written; its tags must be columns of the file. */
  text: string;
  phoneColumn?: string | undefined;
  seqPadding?: number | undefined;
  /** The opt-out footer as counted (ADR 93), added after a text that is not empty. */
  footer?: string | undefined;
}

/** What the read counted (FileRead in read-file-recipients.ts). */
export interface FileReadCounts {
  /** Data rows (after the header; blank rows skipped). */
  rows: number;
  invalid: number;
  duplicates: number;
  /** Unique valid numbers sent to the caller. */
  valid: number;
  credits: number;
  minParts: number;
  maxParts: number;
  personalised: boolean;
  /** Kept recipients left with an empty cell where a tag has no fallback (before suppression). */
  missingValues: number;
  encoding: string;
  phoneColumn: string | null;
  /** The tags the message may use, braces included. */
  tags: string[];
}

/** One kept recipient: seq, 66-form number, own text (null: the campaign's), billed parts. */
export type RecipientTuple = [seq: number, msisdn: string, text: string | null, parts: number];

/** Recipients per event to the caller. */
const RECIPIENTS_PER_EVENT = 2_000;

/** Longest personalisation value taken from a cell; longer text is cut, not refused. */
const VALUE_MAX_LENGTH = 255;

type Cell = SpreadsheetCell | undefined;

const textOf = (cell: Cell) => (cell === null || cell === undefined ? "" : String(cell));
const isBlank = (cells: readonly Cell[]) => cells.every((cell) => textOf(cell).trim() === "");

const fileError = (
  messageKey: MessageKey,
  params: Record<string, string | number> = {},
  cause?: unknown,
  reason?: RefusalReason,
) =>
  new AppError("VALIDATION", {
    messageKey,
    params,
    details: [{ path: "file", message: messageKey }],
    cause,
    ...(reason ? { reason } : {}),
  });

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
      reason: "file_unknown_tag",
    });
  }
  return splitMessage(text, (name) => available.has(name));
}

/**
 * One recipient's text (literal pieces, the phone in local form, other tags from their cells, an
 * empty cell giving the tag's fallback), and whether a tag without a fallback was left empty.
 */
function renderer(pieces: readonly MessagePiece[], layout: FileCampaignLayout) {
  return (cells: readonly Cell[], msisdn: string): { text: string; missing: boolean } => {
    const valueFor = (tag: string) => {
      if (tag === PHONE_TAG) return toLocalPhone(msisdn);
      const column = layout.tags.get(tag);
      return column === undefined ? "" : cleanImportText(textOf(cells[column]), VALUE_MAX_LENGTH);
    };
    return { text: renderPieces(pieces, valueFor), missing: lacksValue(pieces, valueFor) };
  };
}

/**
 * The file-campaign reader, run in a worker thread (ADR 30): streams a CSV (UTF-8 or Windows-874)
 * or XLSX campaign file through the caller, within the file budgets: the first row sets the layout
 * (rules/file-campaign.ts) and the message's tags are checked against it; then every row is
 * classified: a number Excel damaged is recovered, an invalid one counted, a repeat of a number
 * seen earlier (one Set of 66-form numbers) counted, and each unique valid number sent to the caller
 * with its text and billed parts, in file order, in batches (`{ recipients }`). Nothing here touches
 * the database.
 */
export default async function readFileRecipientsTask(
  options: FileReadTaskInput,
  port: TaskPort,
): Promise<FileReadCounts> {
  const opened = await spreadsheetRows(options.type, () => openCallerFile(port));
  let batch: RecipientTuple[] = [];
  const onRecipient = async (...recipient: RecipientTuple) => {
    batch.push(recipient);
    if (batch.length < RECIPIENTS_PER_EVENT) return;
    const full = batch;
    batch = [];
    await port.emit({ recipients: full });
  };
  // ASCII added to a text changes its length, never its encoding: counted as if already there.
  // The opt-out footer ends every text personalising did not leave empty (an empty one is 0 parts).
  const padding = "0".repeat(options.seqPadding ?? 0) + (options.footer ?? "");
  const partsOf = (text: string) => countSms(padding === "" || text === "" ? text : text + padding).parts;
  const uniformParts = partsOf(options.text);
  let layout: FileCampaignLayout | undefined;
  let pieces: MessagePiece[] = [];
  let personalised = false;
  let render: ReturnType<typeof renderer> | undefined;
  let phoneColumn: string | null = null;
  const seen = new Set<number>();
  const read = {
    rows: 0,
    invalid: 0,
    duplicates: 0,
    valid: 0,
    credits: 0,
    minParts: 0,
    maxParts: 0,
    missingValues: 0,
  };
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
          reason: "file_phone_column_not_found",
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
      throw fileError(
        "campaigns.file.too_many_rows",
        { limit: FILE_CAMPAIGN_MAX_ROWS.toLocaleString("en") },
        undefined,
        "file_too_many_rows",
      );
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
      const rendered = render(cells, msisdn);
      parts = partsOf(rendered.text);
      text = rendered.text === options.text ? null : rendered.text;
      if (rendered.missing) read.missingValues += 1;
    }
    read.valid += 1;
    read.credits += parts;
    read.minParts = read.valid === 1 ? parts : Math.min(read.minParts, parts);
    read.maxParts = Math.max(read.maxParts, parts);
    await onRecipient(read.valid, msisdn, text, parts);
  }
  if (!layout || read.rows === 0) throw fileError("campaigns.file.empty");
  if (batch.length > 0) await port.emit({ recipients: batch });
  return {
    ...read,
    personalised,
    encoding: opened.encoding,
    phoneColumn,
    tags: [PHONE_TAG, ...layout.offered].map((tag) => `{${tag}}`),
  };
}
