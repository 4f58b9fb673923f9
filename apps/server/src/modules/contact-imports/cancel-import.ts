import { schema } from "@sms/db";
import type { Locale, TContactImport } from "@sms/domain";
import { eq, sql } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { findImport } from "./find-import.ts";
import { presentImport } from "./present-import.ts";
import { deleteStagedRows } from "./staged-rows.ts";

/**
 * POST /c/contact-imports/{importId}/cancel ("skip"): an import still being read or waiting in
 * preview is cancelled and its staging rows removed (a parse job still running notices at its
 * next batch and stops). Cancelling twice answers the cancelled import; once confirmed it is 409.
 */
export async function cancelImport(
  scope: TenantScope,
  importId: string,
  locale: Locale,
): Promise<TContactImport> {
  return scope.db.transaction(async (tx) => {
    const { record, fileName } = await findImport(scope.with(tx), importId, { lock: true });
    if (record.status === "cancelled") return presentImport(record, fileName, locale);
    if (record.status !== "parsing" && record.status !== "preview") {
      throw new AppError("CONFLICT", { messageKey: "contact_imports.not_in_preview" });
    }
    await deleteStagedRows(tx, record.id);
    const [saved] = await tx
      .update(schema.contactImports)
      .set({ status: "cancelled", updatedAt: sql`now()` })
      .where(eq(schema.contactImports.id, record.id))
      .returning();
    if (!saved) throw new Error("contact_imports update returned no row");
    return presentImport(saved, fileName, locale);
  });
}
