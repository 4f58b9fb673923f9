import type { Db } from "@sms/db";
import { schema } from "@sms/db";
import {
  CONTACT_SUBMISSION_SORT,
  type TContactSubmission,
  type TContactSubmissionsQuery,
  type TContactSubmissionsResponse,
} from "@sms/domain";
import { eq, getTableColumns, sql } from "drizzle-orm";
import { paginate } from "../../platform/paginate.ts";

export type ListContactSubmissionsOptions = TContactSubmissionsQuery;
export type ListContactSubmissionsResult = TContactSubmissionsResponse["data"];

const t = schema.contactSubmissions;

/** Columns behind CONTACT_SUBMISSION_SORT. */
const SORTABLE = { created_at: t.createdAt, name: t.name, email: t.email, topic: t.topic };

/** The row with its assignee's name (a correlated lookup: one user per row, by primary key). */
export const SUBMISSION_FIELDS = {
  ...getTableColumns(t),
  assigneeName: sql<
    string | null
  >`(select trim(u.first_name || ' ' || u.last_name) from ${schema.users} u where u.id = ${t.assigneeUserId})`,
};
type SubmissionRow = typeof t.$inferSelect & { assigneeName: string | null };

export function toContactSubmission(r: SubmissionRow): TContactSubmission {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    company: r.company,
    topic: r.topic,
    message: r.message,
    locale: r.locale,
    created_at: r.createdAt.toISOString(),
    emailed_at: r.emailedAt?.toISOString() ?? null,
    status: r.status,
    assignee: r.assigneeUserId === null ? null : { id: r.assigneeUserId, name: r.assigneeName ?? "" },
    answered_at: r.answeredAt?.toISOString() ?? null,
  };
}

/**
 * Messages of the public and in-app contact forms for the staff who answer them (review D70: a small
 * inbox with status and assignee), newest first unless asked otherwise, the new (or answered) only
 * with `status`.
 */
export async function listContactSubmissions(
  db: Db,
  query: ListContactSubmissionsOptions,
): Promise<ListContactSubmissionsResult> {
  return paginate(db, {
    from: t,
    select: SUBMISSION_FIELDS,
    where: query.status ? eq(t.status, query.status) : undefined,
    sortable: SORTABLE,
    defaultSort: CONTACT_SUBMISSION_SORT.default,
    query,
    map: toContactSubmission,
  });
}
