import type { Locale, TContactImport } from "@sms/domain";
import type { TenantScope } from "../../platform/tenant.ts";
import { findImport } from "./find-import.ts";
import { presentImport } from "./present-import.ts";

/** GET /c/contact-imports/{importId}: what the panel polls while the file is read or imported. */
export async function getImport(
  scope: TenantScope,
  importId: string,
  locale: Locale,
): Promise<TContactImport> {
  const { record, fileName } = await findImport(scope, importId);
  return presentImport(record, fileName, locale);
}
