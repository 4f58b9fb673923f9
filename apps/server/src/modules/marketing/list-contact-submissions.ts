import type { DbHandle } from "@sms/db";
import { schema } from "@sms/db";
import {
  CONTACT_SUBMISSION_SORT,
  type TContactSubmission,
  type TContactSubmissionsQuery,
  type TContactSubmissionsResponse,
} from "@sms/domain";
import { paginate } from "../../platform/paginate.ts";

export type ListContactSubmissionsOptions = TContactSubmissionsQuery;
export type ListContactSubmissionsResult = TContactSubmissionsResponse["data"];

const t = schema.contactSubmissions;

/** Columns behind CONTACT_SUBMISSION_SORT. */
const SORTABLE = { created_at: t.createdAt, name: t.name, email: t.email, topic: t.topic };

function toContactSubmission(r: typeof t.$inferSelect): TContactSubmission {
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
  };
}

/** Messages of the public contact form for the staff who answer them, newest first unless asked otherwise. */
export async function listContactSubmissions(
  db: DbHandle,
  query: ListContactSubmissionsOptions,
): Promise<ListContactSubmissionsResult> {
  return paginate(db.db, {
    from: t,
    sortable: SORTABLE,
    defaultSort: CONTACT_SUBMISSION_SORT.default,
    query,
    map: toContactSubmission,
  });
}
