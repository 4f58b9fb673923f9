import type { Locale } from "@sms/domain/routes";
import { uploadWithProgress as upload } from "~/lib/authorized-files";

/** POST /c/files with the upload's progress (0…1); answers the stored file's id. */
export function uploadWithProgress(
  kind: string,
  file: File,
  locale: Locale,
  onProgress: (fraction: number) => void,
): Promise<{ id: string }> {
  return upload<{ id: string }>(`/c/files?kind=${encodeURIComponent(kind)}`, file, locale, onProgress);
}
