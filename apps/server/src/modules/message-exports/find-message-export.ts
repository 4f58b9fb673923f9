import { schema } from "@sms/db";
import { AppError } from "../../errors.ts";
import type { ReportViewer } from "../campaigns/index.ts";
import type { MessageExportRow } from "./present.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An export the viewer may see: its organization's, and for a member limited to its own reports
 * only its own. Any other id (another organization's, expired, malformed) is NOT_FOUND.
 */
export async function findMessageExport(
  viewer: ReportViewer,
  userId: number,
  id: string,
  now = new Date(),
): Promise<MessageExportRow> {
  if (!UUID.test(id)) throw new AppError("NOT_FOUND");
  const row = await viewer.scope.findByIdOrNull(schema.messageExports, id);
  if (!row || row.expiresAt <= now) throw new AppError("NOT_FOUND");
  if (viewer.ownUserId !== null && row.userId !== userId) throw new AppError("NOT_FOUND");
  return row;
}
