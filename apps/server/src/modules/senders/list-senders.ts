import { schema } from "@sms/db";
import { type Locale, SENDER_SORT, type TSendersQuery, type TSendersResponse } from "@sms/domain";
import { and, eq, isNull, or } from "drizzle-orm";
import { paginate } from "../../platform/paginate.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { withEvidence } from "./sender-extras.ts";

export type ListSendersOptions = TSendersQuery;
export type ListSendersResult = TSendersResponse["data"];

const t = schema.senders;

/** Columns behind SENDER_SORT. */
const SORTABLE = { created_at: t.createdAt, id: t.id, name: t.name, status: t.status };

/**
 * The organization's sender names (spec §2 /senders) and the shared default sender, which every
 * organization may use; newest first unless asked otherwise, filtered by status.
 */
export async function listSenders(
  scope: TenantScope,
  query: ListSendersOptions,
  locale: Locale,
): Promise<ListSendersResult> {
  const page = await paginate(scope.db, {
    from: t,
    where: and(
      or(scope.where(t), isNull(t.organizationId)),
      query.status ? eq(t.status, query.status) : undefined,
    ),
    sortable: SORTABLE,
    defaultSort: SENDER_SORT.default,
    query,
    map: (row) => row,
  });
  return {
    entities: await withEvidence(scope.db, page.entities, locale),
    page_information: page.page_information,
  };
}
