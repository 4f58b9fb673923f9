import { schema } from "@sms/db";
import type { Locale, TContactImport } from "@sms/domain";
import { eq, sql } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { agreedText } from "../contacts/index.ts";
import { findImport } from "./find-import.ts";
import { insertContactImportJob } from "./jobs.ts";
import { presentImport } from "./present-import.ts";

/**
 * POST /c/contact-imports/{importId}/confirm ("continue"): the import goes to `importing` and its
 * insert job is enqueued in the same transaction. Confirming again while it is importing or once
 * it completed answers it as it is; any other state (cancelled, failed, still parsing) is 409.
 * `consentStatement` (the text the contacts agreed to) is kept for each one's opt-in (ADR 94), with
 * the organization's wording version it is; without one, the current wording and its version (ADR 108).
 */
export async function confirmImport(
  scope: TenantScope,
  deps: { jobs: JobQueue },
  importId: string,
  locale: Locale,
  consentStatement?: string,
): Promise<TContactImport> {
  return scope.db.transaction(async (tx) => {
    const { record, fileName } = await findImport(scope.with(tx), importId, { lock: true });
    if (record.status === "importing" || record.status === "completed") {
      return presentImport(record, fileName, locale);
    }
    if (record.status !== "preview") {
      throw new AppError("CONFLICT", { messageKey: "contact_imports.not_in_preview" });
    }
    const agreed = await agreedText(tx, scope.organizationId, consentStatement);
    const [saved] = await tx
      .update(schema.contactImports)
      .set({
        status: "importing",
        consentStatement: agreed.statement,
        consentVersion: agreed.wordingVersion,
        updatedAt: sql`now()`,
      })
      .where(eq(schema.contactImports.id, record.id))
      .returning();
    if (!saved) throw new Error("contact_imports update returned no row");
    await deps.jobs.enqueue(insertContactImportJob, { importId: record.id }, { tx });
    return presentImport(saved, fileName, locale);
  });
}
