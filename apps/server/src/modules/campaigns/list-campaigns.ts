import { schema } from "@sms/db";
import { CAMPAIGN_SORT, type TCampaignsQuery, type TCampaignsResponse } from "@sms/domain";
import { eq, ilike, inArray, sql } from "drizzle-orm";
import { paginate } from "../../platform/paginate.ts";
import { presentCampaign } from "./present.ts";
import type { ReportViewer } from "./reports.ts";

const c = schema.campaigns;

/** Names sort without regard to case, as people read a list. */
const SORTABLE = { created_at: c.createdAt, name: sql`lower(${c.name})` };

/**
 * GET /c/campaigns: campaigns and file campaigns (instant and API sends are messages, listed by
 * the messages report), newest first; `search` matches the name, its LIKE wildcards taken literally.
 */
export async function listCampaigns(
  viewer: ReportViewer,
  query: TCampaignsQuery,
): Promise<TCampaignsResponse["data"]> {
  return paginate(viewer.scope.db, {
    from: c,
    where: viewer.scope.where(
      c,
      inArray(c.kind, ["campaign", "file"]),
      // A send still being accepted in slices is not there yet (ADR 53).
      eq(c.accepting, false),
      query.search ? ilike(c.name, `%${query.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`) : undefined,
      viewer.ownUserId === null ? undefined : eq(c.userId, viewer.ownUserId),
    ),
    sortable: SORTABLE,
    defaultSort: CAMPAIGN_SORT.default,
    query,
    map: presentCampaign,
  });
}
