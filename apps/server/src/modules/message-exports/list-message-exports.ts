import { schema } from "@sms/db";
import {
  type Locale,
  MESSAGE_EXPORT_SORT,
  type TMessageExportsQuery,
  type TMessageExportsResponse,
} from "@sms/domain";
import { paginate } from "../../platform/paginate.ts";
import type { ReportViewer } from "../campaigns/index.ts";
import { visibleExports } from "./find-message-export.ts";
import { presentMessageExport } from "./present.ts";

const e = schema.messageExports;

/**
 * GET /c/message-exports: the exports the viewer may follow and download (see visibleExports),
 * newest first, over the (organization_id, created_at) index; an organization has few at a time
 * since each is pruned a day after it finished.
 */
export async function listMessageExports(
  viewer: ReportViewer,
  userId: number,
  query: TMessageExportsQuery,
  locale: Locale,
  now = new Date(),
): Promise<TMessageExportsResponse["data"]> {
  return paginate(viewer.scope.db, {
    from: e,
    where: visibleExports(viewer, userId, now),
    sortable: { created_at: e.createdAt },
    defaultSort: MESSAGE_EXPORT_SORT.default,
    query,
    map: (row) => presentMessageExport(row, locale),
  });
}
