import { type Db, schema } from "@sms/db";
import { pageInformation, type TAuditLogQuery, type TAuditLogResponse } from "@sms/domain";
import { asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
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

interface TargetLabel {
  name: string | null;
  organizationId: number | null;
}

const ids = (keys: string[]) => keys.map(Number).filter((n) => Number.isInteger(n) && n > 0);
const nameOf = (value: unknown): string | null =>
  value !== null && typeof value === "object" && "name" in value && typeof value.name === "string"
    ? value.name
    : null;

/**
 * What each target is called now, and the organization it belongs to, so the log reads "Acme
 * Widgets" or "SENDER1 (Acme Widgets)" with a link instead of "organization:3". One query per
 * kind of target on the page; a target deleted since falls back to the name the entry kept.
 */
async function labelTargets(db: Db, entries: (typeof a.$inferSelect)[]): Promise<Map<string, TargetLabel>> {
  const of = (type: string) => [
    ...new Set(entries.filter((e) => e.targetType === type).map((e) => e.targetId)),
  ];
  const org = schema.organizations;
  const [organizations, senders, orders, users, packages] = await Promise.all([
    ids(of("organization")).length
      ? db
          .select({ id: org.id, name: org.name })
          .from(org)
          .where(inArray(org.id, ids(of("organization"))))
      : [],
    ids(of("sender")).length
      ? db
          .select({
            id: schema.senders.id,
            name: schema.senders.name,
            organizationId: org.id,
            organization: org.name,
          })
          .from(schema.senders)
          .innerJoin(org, eq(org.id, schema.senders.organizationId))
          .where(inArray(schema.senders.id, ids(of("sender"))))
      : [],
    ids(of("order")).length
      ? db
          .select({ id: schema.orders.id, organizationId: org.id, organization: org.name })
          .from(schema.orders)
          .innerJoin(org, eq(org.id, schema.orders.organizationId))
          .where(inArray(schema.orders.id, ids(of("order"))))
      : [],
    ids(of("user")).length
      ? db
          .select({ id: schema.users.id, firstName: schema.users.firstName, lastName: schema.users.lastName })
          .from(schema.users)
          .where(inArray(schema.users.id, ids(of("user"))))
      : [],
    ids(of("package")).length
      ? db
          .select({ id: schema.packages.id, name: schema.packages.name })
          .from(schema.packages)
          .where(inArray(schema.packages.id, ids(of("package"))))
      : [],
  ]);
  const labels = new Map<string, TargetLabel>();
  const set = (type: string, id: number | string, label: TargetLabel) => labels.set(`${type}:${id}`, label);
  for (const o of organizations) set("organization", o.id, { name: o.name, organizationId: o.id });
  for (const s of senders)
    set("sender", s.id, { name: `${s.name} (${s.organization})`, organizationId: s.organizationId });
  for (const o of orders)
    set("order", o.id, { name: `#${o.id} (${o.organization})`, organizationId: o.organizationId });
  for (const u of users) set("user", u.id, { name: fullName(u), organizationId: null });
  for (const p of packages) set("package", p.id, { name: p.name, organizationId: null });
  for (const e of entries) {
    const key = `${e.targetType}:${e.targetId}`;
    if (labels.has(key)) continue;
    const kept = nameOf(parse(e.after)) ?? nameOf(parse(e.before));
    if (kept !== null) labels.set(key, { name: kept, organizationId: null });
  }
  return labels;
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
  const labels = await labelTargets(
    db,
    rows.map((r) => r.entry),
  );
  return {
    entities: rows.map(({ entry, actor }) => ({
      id: entry.id,
      actor: actor ? { id: actor.id, name: fullName(actor), email: actor.email } : null,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      target_name: labels.get(`${entry.targetType}:${entry.targetId}`)?.name ?? null,
      target_organization_id: labels.get(`${entry.targetType}:${entry.targetId}`)?.organizationId ?? null,
      before: parse(entry.before),
      after: parse(entry.after),
      reason: entry.reason,
      created_at: entry.createdAt.toISOString(),
    })),
    page_information: pageInformation(query.page, query.size, Number(counted?.total ?? 0)),
  };
}
