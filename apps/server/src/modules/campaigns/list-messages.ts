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
  // Their campaigns' text (for messages without their own) and scheduled_for (for API messages).
  const ids = [
    ...new Set(
      page.entities.filter((row) => row.text === null || row.type === "api").map((row) => row.campaignId),
    ),
  ];
  const campaigns = new Map<number, { text: string; scheduledFor: Date | null }>();
  if (ids.length > 0) {
    const rows = await scope.db
      .select({ id: c.id, text: c.text, scheduledFor: c.scheduledFor })
      .from(c)
      .where(and(scope.where(c), inArray(c.id, ids)));
    for (const row of rows) campaigns.set(row.id, row);
  }
  const entities = page.entities.map((row) =>
    presentMessage(row, campaigns.get(row.campaignId) ?? { text: "", scheduledFor: null }),
  );
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
