import { schema } from "@sms/db";
import { API_LOGS_SORT, type TApiLog, type TApiLogsQuery, type TApiLogsResponse } from "@sms/domain";
import { and, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { paginate } from "../../platform/paginate.ts";
import type { TenantScope } from "../../platform/tenant.ts";

const l = schema.apiRequestLogs;
const m = schema.messages;

/**
 * A call that created a message arrived at most this long before the message's acceptance (the
 * send's time, its partition key) and, for the replays of an Idempotency-Key, up to its 24 hours
 * after.
 */
const BEFORE_MESSAGE_MS = 10 * 60_000;
const AFTER_MESSAGE_MS = 25 * 3600_000;

export function presentApiLog(row: typeof l.$inferSelect): TApiLog {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    api_key: row.apiKey,
    key_kind: row.keyKind === "sms" || row.keyKind === "otp" ? row.keyKind : null,
    ip: row.ip,
    method: row.method,
    endpoint: row.endpoint,
    status: row.status,
    error_code: row.errorCode,
    latency_ms: row.latencyMs,
    message_ids: row.messageIds.map(Number),
  };
}

/**
 * The filter of the list and its export, over the (organization_id, created_at) index and only
 * the partitions of the period. A message id is found through the message itself: its time bounds
 * the calls to read (a GIN index over every call's ids would slow the writes for a rare search);
 * an id that is not this organization's message matches nothing.
 */
export async function apiLogWhere(scope: TenantScope, query: TApiLogsQuery): Promise<SQL | undefined> {
  let start = query.range.start;
  let end = query.range.end;
  let message: SQL | undefined;
  if (query.message_id !== undefined) {
    const [found] = await scope.db
      .select({ createdAt: m.createdAt })
      .from(m)
      .where(scope.where(m, eq(m.id, query.message_id)))
      .limit(1);
    if (!found) return sql`false`;
    start = new Date(found.createdAt.getTime() - BEFORE_MESSAGE_MS);
    end = new Date(found.createdAt.getTime() + AFTER_MESSAGE_MS);
    message = sql`${l.messageIds} @> array[${query.message_id}]::bigint[]`;
  }
  return scope.where(
    l,
    and(
      gte(l.createdAt, start),
      lt(l.createdAt, end),
      query.status ? eq(l.status, Number(query.status)) : undefined,
      query.endpoint ? eq(l.endpoint, query.endpoint) : undefined,
      query.error_code ? eq(l.errorCode, query.error_code) : undefined,
      query.api_key ? eq(l.apiKey, query.api_key) : undefined,
      query.ip ? eq(l.ip, query.ip) : undefined,
      message,
    ),
  );
}

/** GET /c/api-logs: one page of the organization's calls. */
export async function listApiLogs(
  scope: TenantScope,
  query: TApiLogsQuery,
): Promise<TApiLogsResponse["data"]> {
  return paginate(scope.db, {
    from: l,
    where: await apiLogWhere(scope, query),
    sortable: { created_at: l.createdAt, status: l.status, latency_ms: l.latencyMs },
    defaultSort: API_LOGS_SORT.default,
    query,
    map: presentApiLog,
  });
}
