import type { DbHandle } from "@sms/db";
import type { ContactImportRowStatus } from "@sms/domain";
import { CopyRows } from "../../platform/copy-rows.ts";

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

const COLUMNS = [
  "import_id",
  "row_number",
  "first_name",
  "last_name",
  "raw_phone",
  "phone_number",
  "status",
] as const;

/**
 * The import's rows into contact_import_rows through the shared CopyRows: COPY in batches of
 * `batchSize` rows, never one INSERT per row, with the next batch read from the file while the
 * previous one is copied (PostgreSQL). After each batch `onBatch` is told how many rows are stored,
 * which is where the import's progress is written (and a cancellation noticed).
 */
export class StagingCopy {
  readonly #copy: CopyRows;
  readonly #importId: string;

  constructor(
    handle: DbHandle,
    importId: string,
    options: { batchSize: number; onBatch: (storedRows: number) => Promise<void> },
  ) {
    this.#copy = new CopyRows(handle, "contact_import_rows", COLUMNS, options);
    this.#importId = importId;
  }

  /** Queues a row; answers once a full batch was handed to the database (back-pressure). */
  write(row: StagingRow): Promise<void> {
    return this.#copy.write([
      this.#importId,
      row.rowNumber,
      row.firstName,
      row.lastName,
      row.rawPhone,
      row.phoneNumber,
      row.status,
    ]);
  }

  /** Copies what is left and waits for every batch. */
  async finish(): Promise<void> {
    await this.#copy.finish();
  }

  /** Returns the PostgreSQL connection to the pool; call it whether the copy succeeded or not. */
  close(): Promise<void> {
    return this.#copy.close();
  }
}
