import { queryRows, schema } from "@sms/db";
import {
  type Locale,
  memberCan,
  type TWebhookDeliveriesQuery,
  type TWebhookDeliveriesResponse,
  type TWebhookDelivery,
  WEBHOOK_DELIVERIES_SORT,
} from "@sms/domain";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../errors.ts";
import { storedKey, translate } from "../../i18n/index.ts";
import { paginate } from "../../platform/paginate.ts";
import type { TenantScope } from "../../platform/tenant.ts";

const d = schema.webhookDeliveries;
const a = schema.webhookAttempts;
const c = schema.campaigns;

/**
 * Who reads: the organization, and for a member with only the `reports.own` right (ADR 10) the
 * user whose sends it may see (the campaigns module's rule for its reports).
 */
export interface Viewer {
  scope: TenantScope;
  ownUserId: number | null;
  locale: Locale;
}

export function viewerOf(request: FastifyRequest): Viewer {
  const { scope, memberRole, userId } = request.tenant;
  return {
    scope,
    ownUserId: memberCan(memberRole, "reports.all") ? null : userId,
    locale: request.locale,
  };
}

/** The viewer's own sends, as a condition on a `campaign_id` column; undefined: every send. */
function ownSends(viewer: Viewer, column: typeof d.campaignId) {
  if (viewer.ownUserId === null) return undefined;
  return inArray(
    column,
    viewer.scope.db
      .select({ id: c.id })
      .from(c)
      .where(viewer.scope.where(c, eq(c.userId, viewer.ownUserId))),
  );
}

/** The send exists in the organization and the viewer may see it, or NOT_FOUND. */
async function assertCampaign(viewer: Viewer, campaignId: number): Promise<void> {
  const own = viewer.ownUserId === null ? undefined : eq(c.userId, viewer.ownUserId);
  const [row] = await viewer.scope.db
    .select({ id: c.id })
    .from(c)
    .where(viewer.scope.where(c, eq(c.id, campaignId), own));
  if (!row) throw new AppError("NOT_FOUND");
}

/**
 * The message exists in the organization (its send visible to the viewer), or NOT_FOUND. By id
 * alone: one probe of each monthly partition's primary key (id, created_at).
 */
async function assertMessage(viewer: Viewer, messageId: number): Promise<void> {
  const own = viewer.ownUserId === null ? sql`` : sql`and c.user_id = ${viewer.ownUserId}`;
  const rows = await queryRows<{ id: string }>(
    viewer.scope.db,
    sql`select m.id from messages m join campaigns c on c.id = m.campaign_id
         where m.id = ${messageId} and m.organization_id = ${viewer.scope.organizationId} ${own} limit 1`,
  );
  if (rows.length === 0) throw new AppError("NOT_FOUND");
}

type DeliveryRow = typeof d.$inferSelect;
type AttemptRow = typeof a.$inferSelect;

function present(row: DeliveryRow, attempts: AttemptRow[], locale: Locale): TWebhookDelivery {
  return {
    id: row.id,
    message_id: String(row.messageId ?? ""),
    campaign_id: row.campaignId ?? 0,
    url: row.url,
    event: row.event as TWebhookDelivery["event"],
    payload: row.payload as Record<string, unknown>,
    status: row.status as TWebhookDelivery["status"],
    attempt_count: row.attempts,
    next_attempt_at: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    last_http_status: row.lastHttpStatus,
    last_error: row.lastError,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    attempts: attempts.map((attempt) => ({
      id: attempt.id,
      attempted_at: attempt.attemptedAt.toISOString(),
      http_status: attempt.httpStatus,
      error: attempt.error,
      error_message: attempt.error
        ? translate(storedKey(attempt.error), locale, { status: attempt.httpStatus ?? "" })
        : null,
      duration_ms: attempt.durationMs,
      manual: attempt.manual,
    })),
  };
}

async function withAttempts(viewer: Viewer, rows: DeliveryRow[]): Promise<TWebhookDelivery[]> {
  const ids = rows.map((row) => row.id);
  const attempts =
    ids.length === 0
      ? []
      : await viewer.scope.db
          .select()
          .from(a)
          .where(inArray(a.deliveryId, ids))
          .orderBy(asc(a.deliveryId), asc(a.attemptedAt), asc(a.id));
  const byDelivery = new Map<number, AttemptRow[]>();
  for (const attempt of attempts) {
    const list = byDelivery.get(attempt.deliveryId) ?? [];
    list.push(attempt);
    byDelivery.set(attempt.deliveryId, list);
  }
  return rows.map((row) => present(row, byDelivery.get(row.id) ?? [], viewer.locale));
}

/**
 * GET /c/webhook-deliveries: newest first, on the (organization_id, message_id) or
 * (organization_id, created_at, id) index; each with its attempts (one query per page).
 */
export async function listWebhookDeliveries(
  viewer: Viewer,
  query: TWebhookDeliveriesQuery,
): Promise<TWebhookDeliveriesResponse["data"]> {
  if (query.message_id !== undefined) await assertMessage(viewer, query.message_id);
  if (query.campaign_id !== undefined) await assertCampaign(viewer, query.campaign_id);
  const page = await paginate(viewer.scope.db, {
    from: d,
    where: viewer.scope.where(
      d,
      query.message_id !== undefined ? eq(d.messageId, query.message_id) : undefined,
      query.campaign_id !== undefined ? eq(d.campaignId, query.campaign_id) : undefined,
      // Forwarded replies (message.inbound, ADR 100) are the inbox's, not a message's log.
      isNull(d.inboundMessageId),
      ownSends(viewer, d.campaignId),
    ),
    sortable: { created_at: d.createdAt },
    defaultSort: WEBHOOK_DELIVERIES_SORT.default,
    query,
    map: (row) => row,
  });
  return { entities: await withAttempts(viewer, page.entities), page_information: page.page_information };
}

/** One delivery of the organization with its attempts, or NOT_FOUND. */
export async function getWebhookDelivery(viewer: Viewer, id: number): Promise<TWebhookDelivery> {
  const [row] = await viewer.scope.db
    .select()
    .from(d)
    .where(
      and(viewer.scope.where(d, eq(d.id, id), isNull(d.inboundMessageId)), ownSends(viewer, d.campaignId)),
    );
  if (!row) throw new AppError("NOT_FOUND");
  const [delivery] = await withAttempts(viewer, [row]);
  if (!delivery) throw new AppError("NOT_FOUND");
  return delivery;
}
