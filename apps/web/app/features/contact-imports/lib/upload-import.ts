import type { TContactImport } from "@sms/domain/contracts/contact-imports";
import { contactImportsEndpoints } from "@sms/domain/endpoints/contact-imports";
import { buildPath } from "@sms/domain/endpoints/define";
import type { Locale } from "@sms/domain/routes";
import { API_BASE } from "~/lib/api-client";
import { uploadWithProgress } from "~/lib/authorized-files";

/** POST /c/contact-groups/{id}/contacts/import with the upload's progress (0…1). */
export function uploadImport(
  groupId: number,
  file: File,
  locale: Locale,
  onProgress: (fraction: number) => void,
): Promise<TContactImport> {
  return uploadWithProgress<TContactImport>(
    buildPath(contactImportsEndpoints.upload.path, { id: groupId }),
    file,
    locale,
    onProgress,
  );
}

/** The template's URL (a public download, so a plain link works). */
export function templateUrl(format: "csv" | "xlsx"): string {
  return `${API_BASE}${contactImportsEndpoints.template.path}?format=${format}`;
}
