import { type SQL, sql } from "drizzle-orm";

/**
 * The webhooks module owns `webhook_deliveries` (ADR 68, ADR 87). The engine queues deliveries in
 * the statement that changes messages (its applyChanges), so the changes and their webhooks commit
 * together: this is that statement's `webhooks` CTE. Delivery webhooks (docs/webhooks.md): one per
 * real status change of an API message whose send has a callback_url. `changed` is a relation (a
 * CTE name) with id, organization_id, campaign_id, type, created_at, recipient, state, code,
 * old_status and new_status. Other messages are filtered out before the join.
 */
export function queueDeliveriesCte(changed: SQL): SQL {
  return sql`webhooks as (
      insert into webhook_deliveries (organization_id, campaign_id, message_id, message_created_at, url, event,
                                      payload, next_attempt_at, created_at)
      select a.organization_id, a.campaign_id, a.id, a.created_at, c.callback_url, a.new_status,
             jsonb_build_object(
               'event', 'message.status',
               'message_id', a.id::text,
               'campaign_id', a.campaign_id::text,
               'number', a.recipient,
               'status', a.new_status,
               'state', a.state,
               'code', a.code,
               'updated_at', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
             ) || case when c.name <> 'API' then jsonb_build_object('tag', c.name) else '{}'::jsonb end,
             now(), now()
        from (select * from ${changed} where type = 'api' and old_status <> new_status) a
        join campaigns c on c.id = a.campaign_id and c.organization_id = a.organization_id
       where c.callback_url is not null
    )`;
}

/**
 * Forwarded replies (issue 27 point 4, ADR 100): the `message.inbound` webhook of each stored reply
 * of an organization that set an inbound webhook URL, queued in the statement that stores the
 * replies, and sent, signed and retried like the delivery webhooks. `stored` is a relation (a CTE
 * name) with id, organization_id, source, destination, text, is_stop, campaign_id, message_id and
 * received_at.
 */
export function queueInboundDeliveriesCte(stored: SQL): SQL {
  return sql`inbound_webhooks as (
      insert into webhook_deliveries (organization_id, campaign_id, message_id, inbound_message_id, url, event,
                                      payload, next_attempt_at, created_at)
      select s.organization_id, s.campaign_id, s.message_id, s.id, a.inbound_webhook_url, 'inbound',
             jsonb_build_object(
               'event', 'message.inbound',
               'inbound_id', s.id::text,
               'number', s.source,
               'destination', s.destination,
               'text', s.text,
               'campaign_id', s.campaign_id::text,
               'message_id', s.message_id::text,
               'stop', s.is_stop,
               'received_at', to_char(s.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
             ),
             now(), now()
        from ${stored} s
        join api_settings a on a.organization_id = s.organization_id
       where a.inbound_webhook_url is not null
    )`;
}
