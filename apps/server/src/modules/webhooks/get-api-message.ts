import { queryRows } from "@sms/db";
import type { TApiMessage } from "@sms/domain";
import { sql } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { Viewer } from "./read-deliveries.ts";

interface Row {
  id: string | number;
  campaign_id: string | number;
  sender: string;
  recipient: string;
  text: string;
  credits: number;
  status: TApiMessage["status"];
  state: number;
  code: string | null;
  created_at: string | Date;
  submitted_at: string | Date | null;
  done_at: string | Date | null;
  tag: string;
  callback_url: string | null;
  scheduled_for: string | Date | null;
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/**
 * GET /c/api-messages/{id}: one message of a public-API send of the organization (another
 * organization's, or a portal send's, is NOT_FOUND). Messages are partitioned by month on
 * created_at and the id alone does not name the partition: this probes each partition's primary
 * key (id, created_at), one index lookup per month kept, which is cheap but grows with retention.
 */
export async function getApiMessage(viewer: Viewer, id: number): Promise<TApiMessage> {
  const own = viewer.ownUserId === null ? sql`` : sql`and c.user_id = ${viewer.ownUserId}`;
  const [row] = await queryRows<Row>(
    viewer.scope.db,
    sql`select m.id, m.campaign_id, m.sender, m.recipient, coalesce(m.text, c.text) as text, m.credits,
               m.status, m.state, m.code, m.created_at, m.submitted_at, m.done_at,
               c.name as tag, c.callback_url, c.scheduled_for
          from messages m
          join campaigns c on c.id = m.campaign_id and c.organization_id = m.organization_id
         where m.id = ${id} and m.organization_id = ${viewer.scope.organizationId} and m.type = 'api' ${own}
         limit 1`,
  );
  if (!row) throw new AppError("NOT_FOUND");
  return {
    id: String(row.id),
    campaign_id: Number(row.campaign_id),
    sender: row.sender,
    recipient: row.recipient,
    text: row.text,
    credits: row.credits,
    status: row.status,
    state: row.state,
    code: row.code,
    created_at: iso(row.created_at) ?? "",
    submitted_at: iso(row.submitted_at),
    done_at: iso(row.done_at),
    tag: row.tag,
    callback_url: row.callback_url,
    scheduled_for: iso(row.scheduled_for),
  };
}
