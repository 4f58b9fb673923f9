import { type TCampaign, type TFileCampaignPreview, ZFileCampaignFields } from "@sms/domain";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../errors.ts";
import { parseMultipartFields } from "../../platform/multipart-fields.ts";
import { deleteUploadRow, receiveUpload } from "../../platform/upload.ts";
import { presentCampaign } from "../campaigns/index.ts";
import { acceptFileCampaign } from "./accept-file-campaign.ts";
import { previewFileCampaign } from "./preview-file-campaign.ts";
import type { SendActor, SendDeps } from "./resolve-send.ts";

export type ImportFileCampaignResult =
  | { status: 200; data: TFileCampaignPreview }
  | { status: 201; data: TCampaign; replayed: boolean };

/**
 * POST /c/campaigns/import: the file through the one upload mechanism (CSV or XLSX, sniffed, capped:
 * "Please add file .csv or .xls file!", "Unsupported file format"), the fields checked, then the
 * preview (`dry_run`) or the acceptance. The upload is only the send's input: it is removed
 * afterwards either way (the campaign keeps its name), so a dry run leaves nothing behind.
 */
export async function importFileCampaign(
  request: FastifyRequest,
  deps: SendDeps,
  options: { dryRun: boolean; idempotencyKey: string | null },
): Promise<ImportFileCampaignResult> {
  const { scope, userId, organizationId } = request.tenant;
  const actor: SendActor = { organizationId, userId };
  const { file, fields } = await receiveUpload(request, "file_campaign");
  const storage = request.server.storage;
  try {
    const input = parseMultipartFields(ZFileCampaignFields, fields);
    const campaignFile = {
      type: file.extension === "xlsx" ? ("xlsx" as const) : ("csv" as const),
      name: file.originalName,
      open: async () => {
        const stream = await storage.get(file.storageKey);
        if (!stream) {
          throw new AppError("VALIDATION", {
            messageKey: "campaigns.file.unreadable",
            details: [{ path: "file", message: "campaigns.file.unreadable" }],
          });
        }
        return stream;
      },
    };
    const send = {
      name: input.name,
      sender: input.sender,
      purpose: input.purpose,
      templateId: input.template_id,
      message: input.message,
      phoneColumn: input.phone_column,
      trackLinks: input.track_links,
      optOutLink: input.opt_out_link,
      idempotencyKey: options.idempotencyKey,
    };
    if (options.dryRun) {
      return {
        status: 200,
        data: await previewFileCampaign(deps, actor, send, campaignFile, request.locale),
      };
    }
    const accepted = await acceptFileCampaign(deps, actor, send, campaignFile);
    return { status: 201, data: presentCampaign(accepted.campaign), replayed: accepted.replayed };
  } finally {
    await deleteUploadRow(scope.db, scope.organizationId, file.id);
    await storage.delete(file.storageKey).catch((err: unknown) => {
      request.log.error({ err, storageKey: file.storageKey }, "could not remove a campaign upload");
    });
  }
}
