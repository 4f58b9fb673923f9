import { schema } from "@sms/db";
import { MESSAGE_REPORT_SORT, type TMessagesQuery, type TMessagesResponse } from "@sms/domain";
import { and, inArray } from "drizzle-orm";
import { paginate } from "../../platform/paginate.ts";
import { campaignTracksLinks, clicksBySeq } from "../links/index.ts";
import { messageWhere, resolveMessageFilter } from "./message-filter.ts";
import { presentMessage } from "./present.ts";
import type { ReportViewer } from "./reports.ts";

const m = schema.messages;
const c = schema.campaigns;

/**
 * GET /c/messages: the organization's messages over a bounded period (the query always has one,
 * so only that month's partitions are read and the count stays cheap), newest first unless another
 * column is chosen; filters by number (66 form), status and type (see message-filter.ts). A message
 * without its own text shows its campaign's. `campaign_id` narrows to one send the viewer may see.
 */
export async function listMessages(
  viewer: ReportViewer,
  query: TMessagesQuery,
): Promise<TMessagesResponse["data"]> {
  const { scope } = viewer;
  const filter = await resolveMessageFilter(viewer, query);
  const page = await paginate(scope.db, {
    from: m,
    where: messageWhere(scope, filter),
    sortable: {
      created_at: m.createdAt,
      sender: m.sender,
      recipient: m.recipient,
      type: m.type,
      credits: m.credits,
      status: m.status,
    },
    defaultSort: MESSAGE_REPORT_SORT.default,
    query,
    map: (row) => row,
  });
  const ids = [...new Set(page.entities.filter((row) => row.text === null).map((row) => row.campaignId))];
  const texts = new Map<number, string>();
  if (ids.length > 0) {
    const rows = await scope.db
      .select({ id: c.id, text: c.text })
      .from(c)
      .where(and(scope.where(c), inArray(c.id, ids)));
    for (const row of rows) texts.set(row.id, row.text);
  }
  const entities = page.entities.map((row) => presentMessage(row, texts.get(row.campaignId) ?? ""));
  // One campaign's report with tracked links: each recipient's clicks, through the (campaign_id, seq) index.
  const campaignId = query.campaign_id;
  if (campaignId !== undefined && (await campaignTracksLinks(scope.db, campaignId))) {
    const clicks = await clicksBySeq(
      scope.db,
      campaignId,
      page.entities.map((row) => row.seq),
    );
    for (const [i, row] of page.entities.entries()) {
      const message = entities[i];
      if (message) message.clicks = clicks.get(row.seq) ?? 0;
    }
  }
  return { entities, page_information: page.page_information };
}
