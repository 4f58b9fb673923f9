import type { DbHandle } from "@sms/db";
import { schema } from "@sms/db";
import type { TContactSubmission, TPageInformation } from "@sms/domain";
import { count, desc } from "drizzle-orm";

export type ListContactSubmissionsOptions = { page: number; size: number };
export type ListContactSubmissionsResult = {
  entities: TContactSubmission[];
  page_information: TPageInformation;
};

/** Newest first, for the staff who answer the contact form. */
export async function listContactSubmissions(
  db: DbHandle,
  { page, size }: ListContactSubmissionsOptions,
): Promise<ListContactSubmissionsResult> {
  const t = schema.contactSubmissions;
  const [rows, [total]] = await Promise.all([
    db.db
      .select()
      .from(t)
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(size)
      .offset((page - 1) * size),
    db.db.select({ n: count() }).from(t),
  ]);
  const totalItem = total?.n ?? 0;
  return {
    entities: rows.map((r) => ({
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
    })),
    page_information: {
      page,
      size,
      total_item: totalItem,
      total_pages: Math.max(1, Math.ceil(totalItem / size)),
      limit: 5,
    },
  };
}
