import type { DbHandle } from "@sms/db";
import type { ContactImportRowStatus } from "@sms/domain";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

/** One row of the file as it goes to contact_import_rows. */
export interface StagingRow {
  rowNumber: number;
  firstName: string;
  lastName: string;
  rawPhone: string;
  /** The 66 form, or null for an invalid number. */
  phoneNumber: string | null;
  status: ContactImportRowStatus;
}

const COPY_SQL =
  "COPY contact_import_rows (import_id, row_number, first_name, last_name, raw_phone, phone_number, status) FROM";

/**
 * COPY text format: tab-separated, \N for null. The texts were cleaned of control characters
 * (cleanImportText), so only the backslash needs escaping.
 */
const field = (value: string) => (value.includes("\\") ? value.replaceAll("\\", "\\\\") : value);

/**
 * Writes staging rows with COPY … FROM STDIN (PostgreSQL) or COPY … FROM '/dev/blob' (PGlite), in
 * batches of `batchSize` rows: never one INSERT per row. On PostgreSQL the next batch is read
 * from the file while the previous one is being copied. After each batch `onBatch` is told how many
 * rows are stored, which is where the import's progress is written (and a cancellation noticed).
 */
export class StagingCopy {
  readonly #handle: DbHandle;
  readonly #importId: string;
  readonly #batchSize: number;
  readonly #onBatch: (storedRows: number) => Promise<void>;
  #lines: string[] = [];
  #stored = 0;
  #inFlight: Promise<void> = Promise.resolve();
  #client: pg.PoolClient | undefined;
  #failed = false;

  constructor(
    handle: DbHandle,
    importId: string,
    options: { batchSize: number; onBatch: (storedRows: number) => Promise<void> },
  ) {
    this.#handle = handle;
    this.#importId = importId;
    this.#batchSize = options.batchSize;
    this.#onBatch = options.onBatch;
  }

  /** Queues a row; answers once a full batch was handed to the database (back-pressure). */
  async write(row: StagingRow): Promise<void> {
    this.#lines.push(
      `${this.#importId}\t${row.rowNumber}\t${field(row.firstName)}\t${field(row.lastName)}\t${field(row.rawPhone)}\t${row.phoneNumber ?? "\\N"}\t${row.status}\n`,
    );
    if (this.#lines.length >= this.#batchSize) await this.#flush();
  }

  /** Copies what is left and waits for every batch. */
  async finish(): Promise<void> {
    if (this.#lines.length > 0) await this.#flush();
    await this.#inFlight;
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
    // One batch in flight at a time: its rows are copied while the caller reads the next ones.
    await this.#inFlight;
    const copy = this.#copy(text).then(async () => {
      this.#stored += count;
      await this.#onBatch(this.#stored);
    });
    // A failure is reported by the next write or by finish(), never lost.
    this.#inFlight = copy;
    copy.catch(() => {});
  }

  async #copy(text: string): Promise<void> {
    if (this.#handle.kind === "pglite") {
      await this.#handle.pglite.query(`${COPY_SQL} '/dev/blob'`, [], { blob: new Blob([text]) });
      return;
    }
    this.#client ??= await this.#handle.pool.connect();
    const stream = this.#client.query(copyFrom(`${COPY_SQL} STDIN`));
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
