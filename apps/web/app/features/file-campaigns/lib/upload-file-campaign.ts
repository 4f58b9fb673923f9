import type { TCampaign, TFileCampaignPreview } from "@sms/domain/contracts/campaigns";
import { campaignsEndpoints } from "@sms/domain/endpoints/campaigns";
import type { Locale } from "@sms/domain/routes";
import { uploadWithProgress } from "~/lib/authorized-files";

/** The text fields of POST /c/campaigns/import, as the form has them. */
export interface FileCampaignFieldsInput {
  name?: string | undefined;
  sender: string;
  purpose: string;
  message: string;
  phone_column?: string | undefined;
  track_links: boolean;
  /** A marketing send's opt-out footer (ADR 93). */
  opt_out_link: boolean;
}

/** The multipart fields: blanks left out (the server treats them as missing). */
export function fileCampaignFields(input: FileCampaignFieldsInput): Record<string, string> {
  const fields: Record<string, string> = {
    sender: input.sender,
    purpose: input.purpose,
    message: input.message,
    track_links: String(input.track_links),
    opt_out_link: String(input.opt_out_link),
  };
  if (input.name?.trim()) fields.name = input.name.trim();
  if (input.phone_column?.trim()) fields.phone_column = input.phone_column.trim();
  return fields;
}

/** POST /c/campaigns/import?dry_run=true with the upload's progress: the file read and counted, nothing kept. */
export function previewFileCampaign(
  file: File,
  input: FileCampaignFieldsInput,
  locale: Locale,
  onProgress: (fraction: number) => void,
): Promise<TFileCampaignPreview> {
  return uploadWithProgress<TFileCampaignPreview>(
    `${campaignsEndpoints.importFile.path}?dry_run=true`,
    file,
    locale,
    onProgress,
    { fields: fileCampaignFields(input) },
  );
}

/** POST /c/campaigns/import: stored, charged and queued (201); the key makes a retry answer the same send. */
export function sendFileCampaign(
  file: File,
  input: FileCampaignFieldsInput,
  locale: Locale,
  onProgress: (fraction: number) => void,
  idempotencyKey: string,
): Promise<TCampaign> {
  return uploadWithProgress<TCampaign>(campaignsEndpoints.importFile.path, file, locale, onProgress, {
    fields: fileCampaignFields(input),
    headers: { "Idempotency-Key": idempotencyKey },
  });
}
