import { schema, type Tx } from "@sms/db";
import type {
  ContactImportRowStatus,
  Locale,
  TContactImport,
  TContactImportRow,
  TFixContactImportRowRequest,
} from "@sms/domain";
import { importPhone } from "@sms/domain/rules/contact-import";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { findImport } from "./find-import.ts";
import { type ImportRecord, presentImport, presentRow } from "./present-import.ts";
import { collectExamples } from "./staged-rows.ts";

const COUNT_COLUMN = {
  valid: "validRows",
  invalid: "invalidRows",
  duplicate: "duplicateRows",
  existing: "existingRows",
} as const satisfies Record<ContactImportRowStatus, string>;

/**
 * PATCH /c/contact-imports/{importId}/rows/{rowNumber}: corrects a row while the import is in
 * preview (the contract already refused a number that is still invalid). The row is classified
 * again: a repeat of a number another row holds is a duplicate, a number already in the group is
 * existing, anything else valid. When the row held the first occurrence of its old number, the
 * next repeat of that number takes its place, so the counts stay what a fresh parse would give.
 */
export async function fixImportRow(
  scope: TenantScope,
  input: { importId: string; rowNumber: number; body: TFixContactImportRowRequest; locale: Locale },
): Promise<{ row: TContactImportRow; import: TContactImport }> {
  return scope.db.transaction(async (tx) => {
    const { record, fileName } = await findImport(scope.with(tx), input.importId, { lock: true });
    if (record.status !== "preview")
      throw new AppError("CONFLICT", { messageKey: "contact_imports.not_in_preview" });
    const rows = schema.contactImportRows;
    const ofImport = eq(rows.importId, record.id);
    const [row] = await tx
      .select()
      .from(rows)
      .where(and(ofImport, eq(rows.rowNumber, input.rowNumber)));
    if (!row) throw new AppError("NOT_FOUND");
    const phoneNumber = importPhone(input.body.phone_number);
    if (!phoneNumber) throw new AppError("VALIDATION", { messageKey: "validation.phone_invalid" });

    const counts = {
      validRows: record.validRows,
      invalidRows: record.invalidRows,
      duplicateRows: record.duplicateRows,
      existingRows: record.existingRows,
    };
    const oldStatus = row.status ?? "invalid";
    // The row keeps the number it already held (a fix of the names only): nothing moves.
    const keeps = row.phoneNumber === phoneNumber && (oldStatus === "valid" || oldStatus === "existing");
    const status = keeps ? oldStatus : await reclassify(tx, { record, row, oldStatus, phoneNumber, counts });

    const [updated] = await tx
      .update(rows)
      .set({
        rawPhone: input.body.phone_number,
        phoneNumber,
        status,
        ...(input.body.first_name === undefined ? {} : { firstName: input.body.first_name }),
        ...(input.body.last_name === undefined ? {} : { lastName: input.body.last_name }),
      })
      .where(and(ofImport, eq(rows.rowNumber, row.rowNumber)))
      .returning();
    if (!updated) throw new Error("contact_import_rows update returned no row");
    const [saved] = await tx
      .update(schema.contactImports)
      .set({ ...counts, examples: await collectExamples(tx, record.id), updatedAt: sql`now()` })
      .where(eq(schema.contactImports.id, record.id))
      .returning();
    if (!saved) throw new Error("contact_imports update returned no row");
    return { row: presentRow(updated), import: presentImport(saved, fileName, input.locale) };
  });
}

interface Reclassify {
  record: ImportRecord;
  row: typeof schema.contactImportRows.$inferSelect;
  oldStatus: ContactImportRowStatus;
  phoneNumber: string;
  counts: Record<(typeof COUNT_COLUMN)[ContactImportRowStatus], number>;
}

/** The row's new class, with `counts` adjusted for it and for a repeat promoted in its place. */
async function reclassify(tx: Tx, { record, row, oldStatus, phoneNumber, counts }: Reclassify) {
  const rows = schema.contactImportRows;
  const ofImport = eq(rows.importId, record.id);
  counts[COUNT_COLUMN[oldStatus]] -= 1;
  // The row gives up its old number: its first repeat, if any, now holds it.
  if ((oldStatus === "valid" || oldStatus === "existing") && row.phoneNumber) {
    const [next] = await tx
      .select({ rowNumber: rows.rowNumber })
      .from(rows)
      .where(
        and(
          ofImport,
          eq(rows.status, "duplicate"),
          eq(rows.phoneNumber, row.phoneNumber),
          ne(rows.rowNumber, row.rowNumber),
        ),
      )
      .orderBy(asc(rows.rowNumber))
      .limit(1);
    if (next) {
      await tx
        .update(rows)
        .set({ status: oldStatus })
        .where(and(ofImport, eq(rows.rowNumber, next.rowNumber)));
      counts.duplicateRows -= 1;
      counts[COUNT_COLUMN[oldStatus]] += 1;
    }
  }

  const [holder] = await tx
    .select({ rowNumber: rows.rowNumber })
    .from(rows)
    .where(
      and(
        ofImport,
        inArray(rows.status, ["valid", "existing"]),
        eq(rows.phoneNumber, phoneNumber),
        ne(rows.rowNumber, row.rowNumber),
      ),
    )
    .limit(1);
  let status: ContactImportRowStatus = "valid";
  if (holder) status = "duplicate";
  else {
    const [contact] = await tx
      .select({ id: schema.contacts.id })
      .from(schema.contacts)
      .where(and(eq(schema.contacts.groupId, record.groupId), eq(schema.contacts.phoneNumber, phoneNumber)))
      .limit(1);
    if (contact) status = "existing";
  }
  counts[COUNT_COLUMN[status]] += 1;
  return status;
}
