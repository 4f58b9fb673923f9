import { type Db, schema } from "@sms/db";
import {
  AUDIT_ACTION,
  type RoutePurpose,
  type TOperatorRange,
  type TSmscRoute,
  type ZCreateSmscRouteRequest,
  type ZUpdateSmscRouteRequest,
} from "@sms/domain";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { isUniqueViolation } from "../../db-errors.ts";
import { AppError } from "../../errors.ts";
import type { RoutingTable } from "../../gateway/registry.ts";
import { recordAudit } from "../../platform/audit.ts";
import { forgetAnalyticsOperators } from "../engine/index.ts";

const r = schema.smscRoutes;
const ranges = schema.operatorPrefixes;
type Row = typeof r.$inferSelect;

export function presentRoute(row: Row): TSmscRoute {
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    enabled: row.enabled,
    purposes: (row.purposes as RoutePurpose[] | null) ?? null,
    organization_id: row.organizationId,
    sender: row.sender,
    prefixes: row.prefixes ?? null,
    operator: row.operator,
    connection_id: row.connectionId,
    failover: row.failover,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const audited = (row: Row) => {
  const { created_at: _c, updated_at: _u, ...rest } = presentRoute(row);
  return rest;
};

/** The rules as the engine's router reads them (every process, with the connections). */
export async function loadRoutingTable(db: Db): Promise<RoutingTable> {
  const [rules, prefixes] = await Promise.all([
    db.select().from(r).orderBy(asc(r.position), asc(r.id)),
    db.select({ prefix: ranges.prefix, operator: ranges.operator }).from(ranges),
  ]);
  return {
    // A row has every field of a rule (and a few more the router ignores).
    rules: rules.map((row) => ({ ...row, purposes: (row.purposes as RoutePurpose[] | null) ?? null })),
    ranges: prefixes,
  };
}

export async function listRoutes(db: Db): Promise<TSmscRoute[]> {
  const rows = await db.select().from(r).orderBy(asc(r.position), asc(r.id));
  return rows.map(presentRoute);
}

type RouteFields = Partial<z.output<typeof ZCreateSmscRouteRequest>>;

/**
 * A route may name only connections and an organization that exist, and an operator that has
 * ranges: a rule naming nothing would silently never match, or route to nowhere.
 */
async function checkReferences(db: Db, fields: RouteFields): Promise<void> {
  const connections = [
    ...(fields.connection_id !== undefined ? [fields.connection_id] : []),
    ...(fields.failover ?? []),
  ];
  if (connections.length > 0) {
    const found = await db
      .select({ id: schema.smscConnections.id })
      .from(schema.smscConnections)
      .where(inArray(schema.smscConnections.id, connections));
    const known = new Set(found.map((row) => row.id));
    if (fields.connection_id !== undefined && !known.has(fields.connection_id))
      throw new AppError("VALIDATION", { messageKey: "validation.route_connection_invalid" });
    if ((fields.failover ?? []).some((id) => !known.has(id)))
      throw new AppError("VALIDATION", { messageKey: "validation.route_failover_invalid" });
  }
  if (fields.organization_id != null) {
    const [org] = await db
      .select({ id: schema.organizations.id })
      .from(schema.organizations)
      .where(eq(schema.organizations.id, fields.organization_id));
    if (!org) throw new AppError("VALIDATION", { messageKey: "smsc.route_organization_unknown" });
  }
  if (fields.operator != null) {
    const [range] = await db
      .select({ prefix: ranges.prefix })
      .from(ranges)
      .where(eq(ranges.operator, fields.operator))
      .limit(1);
    if (!range)
      throw new AppError("VALIDATION", {
        messageKey: "smsc.route_operator_unknown",
        params: { operator: fields.operator },
      });
  }
}

function nameTaken(error: unknown, name: string | undefined): never {
  if (isUniqueViolation(error))
    throw new AppError("CONFLICT", { messageKey: "smsc.route_name_taken", params: { name: name ?? "" } });
  throw error;
}

const columnsOf = (fields: RouteFields) => ({
  ...(fields.name !== undefined ? { name: fields.name } : {}),
  ...(fields.position !== undefined ? { position: fields.position } : {}),
  ...(fields.enabled !== undefined ? { enabled: fields.enabled } : {}),
  ...(fields.purposes !== undefined ? { purposes: fields.purposes } : {}),
  ...(fields.organization_id !== undefined ? { organizationId: fields.organization_id } : {}),
  ...(fields.sender !== undefined ? { sender: fields.sender } : {}),
  ...(fields.prefixes !== undefined ? { prefixes: fields.prefixes } : {}),
  ...(fields.operator !== undefined ? { operator: fields.operator } : {}),
  ...(fields.connection_id !== undefined ? { connectionId: fields.connection_id } : {}),
  ...(fields.failover !== undefined ? { failover: fields.failover } : {}),
});

export async function createRoute(
  db: Db,
  { staffUserId, fields }: { staffUserId: number; fields: z.output<typeof ZCreateSmscRouteRequest> },
): Promise<TSmscRoute> {
  return db
    .transaction(async (tx) => {
      await checkReferences(tx, fields);
      const [row] = await tx
        .insert(r)
        .values({
          ...columnsOf(fields),
          name: fields.name,
          position: fields.position,
          connectionId: fields.connection_id,
        })
        .returning();
      if (!row) throw new Error("route insert returned no row");
      await recordAudit(tx, {
        actorUserId: staffUserId,
        action: AUDIT_ACTION.createSmscRoute,
        targetType: "smsc_route",
        targetId: row.id,
        after: audited(row),
      });
      return presentRoute(row);
    })
    .catch((error) => nameTaken(error, fields.name));
}

export async function updateRoute(
  db: Db,
  {
    staffUserId,
    id,
    fields,
  }: { staffUserId: number; id: number; fields: z.output<typeof ZUpdateSmscRouteRequest> },
): Promise<TSmscRoute> {
  return db
    .transaction(async (tx) => {
      const [before] = await tx.select().from(r).where(eq(r.id, id)).for("update");
      if (!before) throw new AppError("NOT_FOUND");
      await checkReferences(tx, fields);
      const [row] = await tx
        .update(r)
        .set({ ...columnsOf(fields), version: sql`${r.version} + 1`, updatedAt: sql`now()` })
        .where(eq(r.id, id))
        .returning();
      if (!row) throw new AppError("NOT_FOUND");
      await recordAudit(tx, {
        actorUserId: staffUserId,
        action: AUDIT_ACTION.updateSmscRoute,
        targetType: "smsc_route",
        targetId: id,
        before: audited(before),
        after: audited(row),
      });
      return presentRoute(row);
    })
    .catch((error) => nameTaken(error, fields.name));
}

export async function deleteRoute(db: Db, { staffUserId, id }: { staffUserId: number; id: number }) {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(r).where(eq(r.id, id)).returning();
    if (!row) throw new AppError("NOT_FOUND");
    await recordAudit(tx, {
      actorUserId: staffUserId,
      action: AUDIT_ACTION.deleteSmscRoute,
      targetType: "smsc_route",
      targetId: id,
      before: audited(row),
    });
    return { id };
  });
}

export async function listOperatorRanges(db: Db): Promise<TOperatorRange[]> {
  return db
    .select({ prefix: ranges.prefix, operator: ranges.operator })
    .from(ranges)
    .orderBy(asc(ranges.prefix));
}

/**
 * Replaces every range in one transaction. An operator that a route names must keep at least one
 * range: otherwise that route would silently stop matching. The delivery analytics' counted days
 * are forgotten in the same transaction (their operators were looked up with the old ranges).
 */
export async function replaceOperatorRanges(
  db: Db,
  { staffUserId, ranges: next }: { staffUserId: number; ranges: readonly TOperatorRange[] },
): Promise<TOperatorRange[]> {
  return db.transaction(async (tx) => {
    const named = await tx
      .selectDistinct({ operator: r.operator })
      .from(r)
      .where(sql`${r.operator} is not null`);
    const kept = new Set(next.map((range) => range.operator));
    const orphan = named.find((row) => row.operator !== null && !kept.has(row.operator));
    if (orphan?.operator)
      throw new AppError("VALIDATION", {
        messageKey: "smsc.route_operator_in_use",
        params: { operator: orphan.operator },
      });
    const before = await tx.select({ n: sql<number>`count(*)::int` }).from(ranges);
    await tx.delete(ranges);
    if (next.length > 0) await tx.insert(ranges).values(next.map((range) => ({ ...range })));
    // The analytics' counted days name operators by the old ranges: they are counted again (ADR 106).
    await forgetAnalyticsOperators(tx);
    await recordAudit(tx, {
      actorUserId: staffUserId,
      action: AUDIT_ACTION.replaceOperatorRanges,
      targetType: "operator_ranges",
      targetId: 0,
      before: { ranges: before[0]?.n ?? 0 },
      after: { ranges: next.length, operators: [...kept].sort() },
    });
    return listOperatorRanges(tx);
  });
}
