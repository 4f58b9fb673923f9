import { schema } from "@sms/db";
import { inBangkok, MESSAGES_SORT, type TMessagesQuery, type TMessagesResponse } from "@sms/domain";
import { and, eq, gte, inArray, lt } from "drizzle-orm";
import { paginate } from "../../platform/paginate.ts";
import { campaignTracksLinks, clicksBySeq } from "../links/index.ts";
import { findCampaign } from "./find-campaign.ts";
import { presentMessage } from "./present.ts";
import type { ReportViewer } from "./reports.ts";

const m = schema.messages;
const c = schema.campaigns;

/**
 * GET /c/messages: the organization's messages over a bounded period (the query always has one,
 * so only that month's partitions are read and the count stays cheap), newest first; filters by
 * number (66 form), status and type. A message without its own text shows its campaign's.
 * `campaign_id` narrows to one send the viewer may see (another organization's is NOT_FOUND); without
 * a period of its own that is the Bangkok day of its accepted_at, which every message of the send
 * was stored at, so only that partition is read.
 */
export async function listMessages(
  viewer: ReportViewer,
  query: TMessagesQuery,
): Promise<TMessagesResponse["data"]> {
  const { scope } = viewer;
  const own =
    viewer.ownUserId === null
      ? undefined
      : inArray(
          m.campaignId,
          scope.db
            .select({ id: c.id })
            .from(c)
            .where(scope.where(c, eq(c.userId, viewer.ownUserId))),
        );
  let range: { start: Date; end: Date } = query.range;
  if (query.campaign_id !== undefined) {
    const campaign = await findCampaign(viewer, query.campaign_id);
    if (!query.period_given) range = acceptedDay(campaign.acceptedAt);
  }
  const page = await paginate(scope.db, {
    from: m,
    where: scope.where(
      m,
      gte(m.createdAt, range.start),
      lt(m.createdAt, range.end),
      query.campaign_id !== undefined ? eq(m.campaignId, query.campaign_id) : undefined,
      query.phone ? eq(m.recipient, query.phone) : undefined,
      query.status ? eq(m.status, query.status) : undefined,
      query.type ? eq(m.type, query.type) : undefined,
      own,
    ),
    sortable: { created_at: m.createdAt },
    defaultSort: MESSAGES_SORT.default,
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

/** The Bangkok calendar day holding an instant, as a half-open period. */
function acceptedDay(at: Date): { start: Date; end: Date } {
  const start = inBangkok(at).startOf("day");
  return { start: start.toDate(), end: start.add(1, "day").toDate() };
}
