import type { DbHandle } from "@sms/db";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

/** A value of one COPY column: text, a number, or null (`\N`). */
export type CopyValue = string | number | null;

const SPECIAL = /[\\\t\n\r]/;

/**
 * One field in COPY's text format: backslash, tab, newline and carriage return are escaped (a
 * message may hold line breaks), null is `\N`.
 */
export function copyField(value: CopyValue): string {
  if (value === null) return "\\N";
  if (typeof value === "number") return String(value);
  if (!SPECIAL.test(value)) return value;
  return value.replace(/[\\\t\n\r]/g, (c) =>
    c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r",
  );
}

export interface CopyRowsOptions {
  /** Rows per COPY statement. */
  batchSize?: number;
  /** Told how many rows are stored after each batch (progress, cancellation). */
  onBatch?: (storedRows: number) => Promise<void>;
}

/**
 * On the embedded database a COPY holds the one session for its whole length: 50,000 rows took
 * about 0.3 s and made every other tenant's request wait that long (bench:isolation). 10,000 rows
 * keep a wait near 60 ms, and PostgreSQL copies them as fast (one batch in flight at a time).
 */
const DEFAULT_BATCH_ROWS = 10_000;
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * Writes rows into a table with COPY … FROM STDIN (PostgreSQL) or COPY … FROM '/dev/blob' (PGlite),
 * in batches: never one INSERT per row. On PostgreSQL the next batch is built while the previous one
 * is copied, on a pooled connection of its own, so the rows are committed when each batch ends (use
 * it for staging tables whose rows a later transaction moves, and remove them when it fails).
 * Used by file campaigns (message_staging) and contact imports (contact_import_rows).
 */
export class CopyRows {
  readonly #handle: DbHandle;
  readonly #sql: string;
  readonly #batchSize: number;
  readonly #onBatch: ((storedRows: number) => Promise<void>) | undefined;
  #lines: string[] = [];
  #stored = 0;
  #inFlight: Promise<void> = Promise.resolve();
  #client: pg.PoolClient | undefined;
  #failed = false;

  /** `table` and `columns` are code constants (identifiers), never user input. */
  constructor(handle: DbHandle, table: string, columns: readonly string[], options: CopyRowsOptions = {}) {
    for (const name of [table, ...columns]) {
      if (!IDENTIFIER.test(name)) throw new Error(`not an identifier: ${name}`);
    }
    this.#handle = handle;
    this.#sql = `COPY ${table} (${columns.join(", ")}) FROM`;
    this.#batchSize = options.batchSize ?? DEFAULT_BATCH_ROWS;
    this.#onBatch = options.onBatch;
  }

  /** Rows handed to the database so far (copied, or being copied). */
  get written(): number {
    return this.#stored + this.#lines.length;
  }

  /** Queues a row; answers once a full batch was handed to the database (back-pressure). */
  async write(values: readonly CopyValue[]): Promise<void> {
    let line = "";
    for (let i = 0; i < values.length; i++) {
      if (i > 0) line += "\t";
      line += copyField(values[i] ?? null);
    }
    this.#lines.push(`${line}\n`);
    if (this.#lines.length >= this.#batchSize) await this.#flush();
  }

  /** Copies what is left and waits for every batch; answers how many rows were stored. */
  async finish(): Promise<number> {
    if (this.#lines.length > 0) await this.#flush();
    await this.#inFlight;
    return this.#stored;
  }

  /** Returns the PostgreSQL connection to the pool; call it whether the copy succeeded or not. */
  async close(): Promise<void> {
    await this.#inFlight.catch(() => {});
    // A connection that failed mid-COPY is dropped rather than handed to the next user.
    this.#client?.release(this.#failed);
    this.#client = undefined;
  }

  async #flush(): Promise<void> {
    const text = this.#lines.join("");
    const count = this.#lines.length;
    this.#lines = [];
    // One batch in flight at a time: its rows are copied while the caller builds the next ones.
    await this.#inFlight;
    const copy = this.#copy(text).then(async () => {
      this.#stored += count;
      await this.#onBatch?.(this.#stored);
    });
    // A failure is reported by the next write or by finish(), never lost.
    this.#inFlight = copy;
    copy.catch(() => {});
  }

  async #copy(text: string): Promise<void> {
    if (this.#handle.kind === "pglite") {
      await this.#handle.pglite.query(`${this.#sql} '/dev/blob'`, [], { blob: new Blob([text]) });
      return;
    }
    this.#client ??= await this.#handle.pool.connect();
    const stream = this.#client.query(copyFrom(`${this.#sql} STDIN`));
    await new Promise<void>((resolve, reject) => {
      stream.on("error", (err) => {
        this.#failed = true;
        reject(err);
      });
      stream.on("finish", resolve);
      stream.end(text);
    });
  }
}
