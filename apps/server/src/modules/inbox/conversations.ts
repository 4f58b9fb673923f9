import { queryRows } from "@sms/db";
import {
  INBOX_CONVERSATION_MAX,
  normaliseRecipient,
  pageInformation,
  type TInboxConversation,
  type TInboxConversationQuery,
  type TInboxConversationResponse,
  type TInboxConversationsQuery,
  type TInboxConversationsResponse,
  type TInboxEntry,
  toLocalPhone,
} from "@sms/domain";
import { type SQL, sql } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const idOrNull = (v: string | number | null) => (v === null ? null : Number(v));

/** The send exists in the organization, or NOT_FOUND (a filter never reveals another's sends). */
async function assertCampaign(scope: TenantScope, campaignId: number | undefined): Promise<void> {
  if (campaignId === undefined) return;
  const rows = await queryRows<{ id: string }>(
    scope.db,
    sql`select id from campaigns where id = ${campaignId} and organization_id = ${scope.organizationId} limit 1`,
  );
  if (rows.length === 0) throw new AppError("NOT_FOUND");
}

/**
 * GET /c/inbox/conversations: one row per number that replied (its latest reply, how many, whether
 * it sent STOP), newest reply first; one grouped query on the (organization_id, source) index.
 */
export async function listConversations(
  scope: TenantScope,
  query: TInboxConversationsQuery,
): Promise<TInboxConversationsResponse["data"]> {
  await assertCampaign(scope, query.campaign_id);
  const filters: SQL[] = [sql`organization_id = ${scope.organizationId}`];
  if (query.phone_number) filters.push(sql`source = ${query.phone_number}`);
  if (query.campaign_id !== undefined) filters.push(sql`campaign_id = ${query.campaign_id}`);
  const where = sql.join(filters, sql` and `);
  const direction = query.reverse ? sql`desc` : sql`asc`;
  const [total] = await queryRows<{ n: number }>(
    scope.db,
    sql`select count(distinct source)::int as n from inbound_messages where ${where}`,
  );
  const rows = await queryRows<{
    source: string;
    replies: number;
    stopped: boolean;
    text: string;
    received_at: Date | string;
    campaign_id: string | number | null;
    campaign_name: string | null;
  }>(
    scope.db,
    sql`with threads as (
          select source, count(*)::int as replies, bool_or(is_stop) as stopped, max(id) as last_id
            from inbound_messages where ${where} group by source
        )
        select t.source, t.replies, t.stopped, i.text, i.received_at, i.campaign_id, c.name as campaign_name
          from threads t
          join inbound_messages i on i.id = t.last_id
          left join campaigns c on c.id = i.campaign_id and c.organization_id = ${scope.organizationId}
         order by i.received_at ${direction}, i.id ${direction}
         limit ${query.size} offset ${(query.page - 1) * query.size}`,
  );
  const entities: TInboxConversation[] = rows.map((r) => ({
    phone_number: toLocalPhone(r.source),
    last_text: r.text,
    last_received_at: iso(r.received_at),
    replies: Number(r.replies),
    campaign_id: idOrNull(r.campaign_id),
    campaign_name: r.campaign_name,
    stopped: r.stopped,
  }));
  return { entities, page_information: pageInformation(query.page, query.size, Number(total?.n ?? 0)) };
}

/**
 * GET /c/inbox/conversations/{phone}: the number's replies and the organization's messages to it
 * (sends still being accepted left out), the newest INBOX_CONVERSATION_MAX, oldest first. A message
 * is placed at its acceptance (`created_at`), the time replies are threaded on (ADR 100): a reply
 * that came before the message was submitted still follows it. A number that never replied to the
 * organization (or to the filtered send) is NOT_FOUND.
 */
export async function getConversation(
  scope: TenantScope,
  phone: string,
  query: TInboxConversationQuery,
): Promise<TInboxConversationResponse["data"]> {
  const msisdn = normaliseRecipient(phone);
  if (!msisdn) throw new AppError("NOT_FOUND");
  await assertCampaign(scope, query.campaign_id);
  const org = scope.organizationId;
  const inCampaign = (column: SQL) =>
    query.campaign_id === undefined ? sql`` : sql`and ${column} = ${query.campaign_id}`;
  const replied = await queryRows<{ id: string }>(
    scope.db,
    sql`select id from inbound_messages i where organization_id = ${org} and source = ${msisdn}
          ${inCampaign(sql`i.campaign_id`)} limit 1`,
  );
  if (replied.length === 0) throw new AppError("NOT_FOUND");
  const rows = await queryRows<{
    direction: "in" | "out";
    id: string;
    text: string;
    at: Date | string;
    campaign_id: string | number | null;
    campaign_name: string | null;
    status: string | null;
    stop: boolean;
    auto_reply: TInboxEntry["auto_reply"];
  }>(
    scope.db,
    sql`select * from (
          select 'in' as direction, i.id::text as id, i.text, i.received_at as at, i.campaign_id,
                 c.name as campaign_name, null::text as status, i.is_stop as stop, i.auto_reply_status as auto_reply
            from inbound_messages i
            left join campaigns c on c.id = i.campaign_id and c.organization_id = ${org}
           where i.organization_id = ${org} and i.source = ${msisdn} ${inCampaign(sql`i.campaign_id`)}
          union all
          select 'out', m.id::text, coalesce(m.text, c.text), m.created_at, m.campaign_id,
                 c.name, m.status, false, null
            from messages m
            join campaigns c on c.id = m.campaign_id and c.organization_id = ${org} and not c.accepting
           where m.organization_id = ${org} and m.recipient = ${msisdn} ${inCampaign(sql`m.campaign_id`)}
        ) e order by e.at desc, e.direction asc, e.id desc limit ${INBOX_CONVERSATION_MAX + 1}`,
  );
  const truncated = rows.length > INBOX_CONVERSATION_MAX;
  const entries: TInboxEntry[] = rows
    .slice(0, INBOX_CONVERSATION_MAX)
    .reverse()
    .map((r) => ({
      direction: r.direction,
      id: r.id,
      text: r.text,
      at: iso(r.at),
      campaign_id: idOrNull(r.campaign_id),
      campaign_name: r.campaign_name,
      status: r.status,
      stop: r.stop,
      auto_reply: r.auto_reply,
    }));
  return { phone_number: toLocalPhone(msisdn), entries, truncated };
}
