import { type Db, schema } from "@sms/db";
import { pageInformation, type TAuditLogQuery, type TAuditLogResponse } from "@sms/domain";
import { asc, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { fullName } from "./present.ts";
import { containsPattern } from "./search.ts";

export type ListAuditLogResult = TAuditLogResponse["data"];

const a = schema.auditLog;

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The action (credits.adjust), the target (organization:12) or the actor's e-mail. */
function searchWhere(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(a.action, pattern),
    ilike(sql`${a.targetType} || ':' || ${a.targetId}`, pattern),
    ilike(schema.users.email, pattern),
  );
}

/** Every back-office action, newest first: who, what, on what, when, before and after. */
export async function listAuditLog(db: Db, query: TAuditLogQuery): Promise<ListAuditLogResult> {
  const where = searchWhere(query.search);
  const direction = query.reverse ? desc : asc;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ entry: a, actor: schema.users })
      .from(a)
      .leftJoin(schema.users, eq(schema.users.id, a.actorUserId))
      .where(where)
      .orderBy(direction(a.createdAt), direction(a.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(a)
      .leftJoin(schema.users, eq(schema.users.id, a.actorUserId))
      .where(where),
  ]);
  return {
    entities: rows.map(({ entry, actor }) => ({
      id: entry.id,
      actor: actor ? { id: actor.id, name: fullName(actor), email: actor.email } : null,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: parse(entry.before),
      after: parse(entry.after),
      reason: entry.reason,
      created_at: entry.createdAt.toISOString(),
    })),
    page_information: pageInformation(query.page, query.size, Number(counted?.total ?? 0)),
  };
}
