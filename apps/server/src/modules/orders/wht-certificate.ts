import { schema } from "@sms/db";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";

type FileRow = typeof schema.files.$inferSelect;

/**
 * A withholding-tax certificate upload of this organization (POST /c/files?kind=withholding_certificate),
 * or a validation error on `path`: another organization's file, a payment slip or any other kind
 * reads as no certificate at all.
 */
export async function findWhtCertificate(scope: TenantScope, fileId: string, path: string): Promise<FileRow> {
  const file = await scope.findByIdOrNull(schema.files, fileId);
  if (file?.kind !== "withholding_certificate") {
    throw new AppError("VALIDATION", {
      messageKey: "validation.proof_file_required",
      details: [{ path, message: "validation.proof_file_required" }],
    });
  }
  return file;
}
