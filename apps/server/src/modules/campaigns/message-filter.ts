import { schema } from "@sms/db";
import {
  inBangkok,
  type MessageType,
  OPERATOR_NONE,
  type StoredMessageStatus,
  type TMessagesQuery,
} from "@sms/domain";
import { and, eq, gte, inArray, lt, notInArray, type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../platform/tenant.ts";
import { findCampaign } from "./find-campaign.ts";
import type { ReportViewer } from "./reports.ts";

const m = schema.messages;
const c = schema.campaigns;

/**
 * The messages report's filter, resolved: a fixed half-open period (so "the last 7 days" means the
 * days of the request, also for an export run later by a job) and plain values that survive JSON.
 */
export interface MessageFilter {
  start: Date;
  end: Date;
  status?: StoredMessageStatus | undefined;
  type?: MessageType | undefined;
  /** 66 form. */
  phone?: string | undefined;
  campaignId?: number | undefined;
  sender?: string | undefined;
  /** An operator by the operator ranges (longest prefix), or OPERATOR_NONE: in no range. */
  operator?: string | undefined;
  /** A delivery result (spec §4 pair). */
  reason?: { state: number; code: string } | undefined;
  /** Only this user's sends (a member with the own-reports right only); null: the whole organization. */
  ownUserId: number | null;
}

/**
 * GET /c/messages' query as a filter. `campaign_id` must be a send the viewer may see (otherwise
 * NOT_FOUND); without a period of its own it reads the Bangkok day of the send's accepted_at, which
 * every message of the send was stored at, so only that partition is read.
 */
export async function resolveMessageFilter(
  viewer: ReportViewer,
  query: TMessagesQuery,
): Promise<MessageFilter> {
  let range: { start: Date; end: Date } = query.range;
  if (query.campaign_id !== undefined) {
    const campaign = await findCampaign(viewer, query.campaign_id);
    if (!query.period_given) range = acceptedDay(campaign.acceptedAt);
  }
  return {
    start: range.start,
    end: range.end,
    status: query.status,
    type: query.type,
    phone: query.phone,
    campaignId: query.campaign_id,
    sender: query.sender,
    operator: query.operator,
    reason: query.reason,
    ownUserId: viewer.ownUserId,
  };
}

/**
 * The WHERE of a filter over the organization's messages: always the bounded period on the
 * (organization_id, created_at, id) index, so only the period's partitions are read.
 */
export function messageWhere(scope: TenantScope, filter: MessageFilter): SQL {
  const own =
    filter.ownUserId === null
      ? undefined
      : inArray(
          m.campaignId,
          scope.db
            .select({ id: c.id })
            .from(c)
            .where(scope.where(c, eq(c.userId, filter.ownUserId))),
        );
  return scope.where(
    m,
    gte(m.createdAt, filter.start),
    lt(m.createdAt, filter.end),
    filter.campaignId !== undefined ? eq(m.campaignId, filter.campaignId) : undefined,
    filter.phone ? eq(m.recipient, filter.phone) : undefined,
    filter.status ? eq(m.status, filter.status) : undefined,
    filter.type ? eq(m.type, filter.type) : undefined,
    filter.sender !== undefined ? eq(m.sender, filter.sender) : undefined,
    filter.reason ? and(eq(m.state, filter.reason.state), eq(m.code, filter.reason.code)) : undefined,
    filter.operator !== undefined ? operatorIs(filter.operator) : undefined,
    own,
    // The messages of a send still being accepted in slices are not there yet (ADR 53): the
    // organization's few such sends, read once per statement by a hashed sub-plan.
    notInArray(
      m.campaignId,
      scope.db
        .select({ id: c.id })
        .from(c)
        .where(scope.where(c, eq(c.accepting, true))),
    ),
  );
}

/**
 * The recipient's operator is `operator` (OPERATOR_NONE: no range matches): the operator of its
 * longest matching range in operator_prefixes, the rule of `operatorOf` (rules/routing.ts) that the
 * router and the delivery analytics apply in TypeScript. A correlated probe of the small ranges
 * table per message of the period; analytics.test.ts checks both give the same messages.
 */
function operatorIs(operator: string): SQL {
  const longest = sql`(select p.operator from operator_prefixes p
                        where starts_with(${m.recipient}, p.prefix)
                        order by length(p.prefix) desc limit 1)`;
  return operator === OPERATOR_NONE ? sql`${longest} is null` : sql`${longest} = ${operator}`;
}

/** The Bangkok calendar day holding an instant, as a half-open period. */
function acceptedDay(at: Date): { start: Date; end: Date } {
  const start = inBangkok(at).startOf("day");
  return { start: start.toDate(), end: start.add(1, "day").toDate() };
}
