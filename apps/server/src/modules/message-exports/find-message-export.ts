import { schema } from "@sms/db";
import { eq, gt, type SQL } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { ReportViewer } from "../campaigns/index.ts";
import type { MessageExportRow } from "./present.ts";

const e = schema.messageExports;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The exports a viewer may see: its organization's that have not expired, and for a member limited
 * to its own reports only its own. One rule for reading one export and for the list.
 */
export function visibleExports(viewer: ReportViewer, userId: number, now: Date, ...more: SQL[]): SQL {
  return viewer.scope.where(
    e,
    gt(e.expiresAt, now),
    viewer.ownUserId === null ? undefined : eq(e.userId, userId),
    ...more,
  );
}

/** An export the viewer may see; any other id (another organization's, expired, malformed) is NOT_FOUND. */
export async function findMessageExport(
  viewer: ReportViewer,
  userId: number,
  id: string,
  now = new Date(),
): Promise<MessageExportRow> {
  if (!UUID.test(id)) throw new AppError("NOT_FOUND");
  const [row] = await viewer.scope.db
    .select()
    .from(e)
    .where(visibleExports(viewer, userId, now, eq(e.id, id)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}
