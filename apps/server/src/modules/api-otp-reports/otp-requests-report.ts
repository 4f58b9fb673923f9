import { schema } from "@sms/db";
import {
  OTP_REQUESTS_SORT,
  type OtpRequestStatus,
  type TOtpRequest,
  type TOtpRequestDetail,
  type TOtpRequestsQuery,
  type TOtpRequestsResponse,
} from "@sms/domain";
import { eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { paginate } from "../../platform/paginate.ts";
import type { TenantScope } from "../../platform/tenant.ts";

const o = schema.apiOtpRequests;
const m = schema.messages;

/** A pending code past its expiry reads as expired, whether or not a check stored that. */
const effectiveStatus = sql<OtpRequestStatus>`case when ${o.status} = 'pending' and ${o.expiresAt} <= now() then 'expired' else ${o.status} end`;

const columns = {
  id: o.id,
  msisdn: o.msisdn,
  refno: o.refno,
  status: effectiveStatus,
  attempts: o.attempts,
  credits: o.credits,
  messageId: o.messageId,
  messageCreatedAt: o.messageCreatedAt,
  expiresAt: o.expiresAt,
  verifiedAt: o.verifiedAt,
  createdAt: o.createdAt,
};

type Row = {
  id: number;
  msisdn: string;
  refno: string;
  status: OtpRequestStatus;
  attempts: number;
  credits: number;
  messageId: number | null;
  expiresAt: Date;
  verifiedAt: Date | null;
  createdAt: Date;
};

function present(row: Row): TOtpRequest {
  return {
    id: row.id,
    msisdn: row.msisdn,
    refno: row.refno,
    status: row.status,
    attempts: row.attempts,
    credits: row.credits,
    message_id: row.messageId,
    expires_at: row.expiresAt.toISOString(),
    verified_at: row.verifiedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

function statusIs(status: OtpRequestStatus): SQL {
  return sql`${effectiveStatus} = ${status}`;
}

/**
 * GET /c/otp-requests: the organization's codes over a bounded period (the org/created_at index),
 * newest first; by number (66 form) and status. Never the pin or token digests.
 */
export async function listOtpRequests(
  scope: TenantScope,
  query: TOtpRequestsQuery,
): Promise<TOtpRequestsResponse["data"]> {
  return paginate(scope.db, {
    from: o,
    select: columns,
    where: scope.where(
      o,
      gte(o.createdAt, query.range.start),
      lt(o.createdAt, query.range.end),
      query.phone ? eq(o.msisdn, query.phone) : undefined,
      query.status ? statusIs(query.status) : undefined,
    ),
    sortable: { created_at: o.createdAt },
    defaultSort: OTP_REQUESTS_SORT.default,
    query,
    map: present,
  });
}

/** GET /c/otp-requests/{id}: the code and its SMS's delivery; another organization's id is NOT_FOUND. */
export async function getOtpRequest(scope: TenantScope, id: number): Promise<TOtpRequestDetail> {
  const [row] = await scope.db
    .select(columns)
    .from(o)
    .where(scope.where(o, eq(o.id, id)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  let message: TOtpRequestDetail["message"] = null;
  if (row.messageId !== null && row.messageCreatedAt !== null) {
    const [sms] = await scope.db
      .select({
        id: m.id,
        sender: m.sender,
        status: m.status,
        state: m.state,
        code: m.code,
        submittedAt: m.submittedAt,
        doneAt: m.doneAt,
      })
      .from(m)
      .where(scope.where(m, eq(m.id, row.messageId), eq(m.createdAt, row.messageCreatedAt)))
      .limit(1);
    if (sms) {
      message = {
        id: sms.id,
        sender: sms.sender,
        status: sms.status,
        state: sms.state,
        code: sms.code,
        submitted_at: sms.submittedAt?.toISOString() ?? null,
        done_at: sms.doneAt?.toISOString() ?? null,
      };
    }
  }
  return { ...present(row), message };
}
