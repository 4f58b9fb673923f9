import type { Readable } from "node:stream";
import { AppError, type ErrorCode, isRefusalReason } from "../../errors.ts";
import { type MessageKey, storedKey } from "../../i18n/index.ts";
import { FILE_BUDGET_PARAMS } from "../../platform/file-budgets.ts";
import { FileServer, isFileRequest } from "../../platform/worker-file.ts";
import { heavyWork, WorkerCrashed, WorkerPoolBusy, WorkerTaskError } from "../../platform/worker-pool.ts";
import type { FileReadCounts, FileReadTaskInput, RecipientTuple } from "./read-file-recipients.task.ts";

/** An uploaded campaign file: the sniffed type and a way to read its bytes (twice for a CSV). */
export interface CampaignFile {
  type: "csv" | "xlsx";
  /** Display name (the default campaign name). */
  name: string;
  open: () => Promise<Readable>;
}

export interface FileReadOptions {
  /** Whose file: its read waits its turn among this organization's heavy work (ADR 30). */
  organizationId: number;
  /** The text as written; its tags must be columns of the file. */
  text: string;
  /** The phone column's header when it is not recognised by name. */
  phoneColumn?: string | undefined;
  /**
   * ASCII characters each text gets after it is read (tracked links: the recipient's seq after each
   * link's code, added by the database), counted in its parts.
   */
  seqPadding?: number | undefined;
  /** The opt-out footer as counted (ADR 93): counted after each text that is not empty, never written into it. */
  footer?: string | undefined;
}

/** A recipient read from the file: its seq among the kept ones (1..n), 66-form number, own text (null: the campaign's) and parts. */
export type FileRecipient = (seq: number, msisdn: string, text: string | null, parts: number) => unknown;

export type FileRead = FileReadCounts;

const READ_TASK = new URL("./read-file-recipients.task.ts", import.meta.url);
/** A 1,000,000-row file reads in about a minute; the worker is stopped past this. */
const READ_TIMEOUT_MS = 5 * 60_000;
/** When a refused read (heavy work busy) is worth trying again. */
const BUSY_RETRY_SECONDS = 30;

const fileError = (messageKey: MessageKey, params: Record<string, string | number> = {}) =>
  new AppError("VALIDATION", { messageKey, params, details: [{ path: "file", message: messageKey }] });

/**
 * The worker's failure as the customer reads it: its own refusal (a tag the file lacks, too many
 * rows), a budget the file passed, or a worker that ran out of memory or time: a translated 4xx;
 * a full queue: 429 (this organization's) or 503 (everyone's) with Retry-After.
 */
function asFileError(error: unknown): unknown {
  if (error instanceof WorkerTaskError) {
    const { code, messageKey, params, details, reason } = error.data as {
      code?: ErrorCode;
      messageKey?: string;
      params?: Record<string, string | number>;
      details?: { path: string; message: string }[];
      reason?: unknown;
    };
    if (error.taskErrorName === "AppError" && code && messageKey) {
      return new AppError(code, {
        messageKey: storedKey(messageKey),
        params: params ?? {},
        ...(details ? { details } : {}),
        ...(isRefusalReason(reason) ? { reason } : {}),
      });
    }
    if (error.taskErrorName === "FileBudgetExceeded" && messageKey)
      return fileError(storedKey(messageKey), FILE_BUDGET_PARAMS);
    return fileError("campaigns.file.unreadable");
  }
  if (error instanceof WorkerCrashed && error.reason !== "aborted") {
    return fileError(error.reason === "timeout" ? "files.error.timeout" : "files.error.crashed");
  }
  if (error instanceof WorkerPoolBusy) {
    return new AppError(error.scope === "key" ? "RATE_LIMITED" : "UNAVAILABLE", {
      messageKey: "files.error.busy",
      params: { seconds: BUSY_RETRY_SECONDS },
      reason: "heavy_work_busy",
    });
  }
  if (error instanceof WorkerCrashed) {
    return new AppError("UNAVAILABLE", {
      messageKey: "files.error.busy",
      params: { seconds: BUSY_RETRY_SECONDS },
      reason: "heavy_work_busy",
    });
  }
  return error;
}

/**
 * Reads a CSV or XLSX campaign file in a heavy-work thread (ADR 30; the classification is in
 * read-file-recipients.task.ts) and hands each unique valid number to `onRecipient` with its text
 * and billed parts, in file order, as the worker sends them. The worker reads the file's bytes
 * through this thread (`file.open`), so local and S3 storage work alike. Nothing here touches the
 * database; `onRecipient` may (the acceptance COPYs into staging).
 */
export async function readFileRecipients(
  file: CampaignFile,
  options: FileReadOptions,
  onRecipient: FileRecipient,
): Promise<FileRead> {
  const stored = new FileServer(file.open);
  try {
    return await heavyWork().run<FileRead>({
      module: READ_TASK,
      input: {
        type: file.type,
        text: options.text,
        phoneColumn: options.phoneColumn,
        seqPadding: options.seqPadding,
        footer: options.footer,
      } satisfies FileReadTaskInput,
      key: `org:${options.organizationId}`,
      timeoutMs: READ_TIMEOUT_MS,
      onEvent: async (event) => {
        if (isFileRequest(event)) return stored.handle(event);
        for (const [seq, msisdn, text, parts] of (event as { recipients: RecipientTuple[] }).recipients) {
          await onRecipient(seq, msisdn, text, parts);
        }
      },
    });
  } catch (error) {
    throw asFileError(error);
  } finally {
    stored.close();
  }
}
