import { schema } from "@sms/db";
import { MESSAGES_SORT, type TMessagesQuery, type TMessagesResponse } from "@sms/domain";
import { and, eq, gte, inArray, lt } from "drizzle-orm";
import { paginate } from "../../platform/paginate.ts";
import { presentMessage } from "./present.ts";
import type { ReportViewer } from "./reports.ts";

const m = schema.messages;
const c = schema.campaigns;

/**
 * GET /c/messages: the organization's messages over a bounded period (the query always has one,
 * so only that month's partitions are read and the count stays cheap), newest first; filters by
 * number (66 form), status and type. A message without its own text shows its campaign's.
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
  const page = await paginate(scope.db, {
    from: m,
    where: scope.where(
      m,
      gte(m.createdAt, query.range.start),
      lt(m.createdAt, query.range.end),
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
  return {
    entities: page.entities.map((row) => presentMessage(row, texts.get(row.campaignId) ?? "")),
    page_information: page.page_information,
  };
}
