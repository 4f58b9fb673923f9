import type { Db } from "@sms/db";
import { MEMBER_ROLE, USER_ROLE } from "@sms/domain";
import { and, eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";
import { authenticate, type RequestGuard } from "../plugins/auth.ts";

/** A table that holds one organization's rows. */
export type TenantTable = PgTable & { organizationId: PgColumn; id: PgColumn };

/**
 * "This organization's rows only" as the easy default: every read and write of organization data
 * goes through a scope, so forgetting the organization filter takes effort instead of a slip.
 * Another organization's id is simply not found (404), never "forbidden" (403), so ids do not
 * reveal what exists elsewhere.
 */
export class TenantScope {
  constructor(
    readonly db: Db,
    readonly organizationId: number,
  ) {}

  /** `organization_id = <current>` and the given conditions. */
  where(table: { organizationId: PgColumn }, ...conditions: (SQL | undefined)[]): SQL {
    return and(eq(table.organizationId, this.organizationId), ...conditions) as SQL;
  }

  /** Values to insert, stamped with the current organization (a sent organization id cannot win). */
  stamp<V extends object>(values: V): V & { organizationId: number } {
    return { ...values, organizationId: this.organizationId };
  }

  /** One row of this organization by id, or NOT_FOUND. */
  async findById<T extends TenantTable>(table: T, id: number | string): Promise<T["$inferSelect"]> {
    const row = await this.findByIdOrNull(table, id);
    if (!row) throw new AppError("NOT_FOUND");
    return row;
  }

  async findByIdOrNull<T extends TenantTable>(
    table: T,
    id: number | string,
  ): Promise<T["$inferSelect"] | null> {
    // drizzle cannot infer a generic table's row type; the cast restores it.
    const rows = (await this.db
      .select()
      .from(table as PgTable)
      .where(this.where(table, eq(table.id, id)))
      .limit(1)) as T["$inferSelect"][];
    return rows[0] ?? null;
  }

  /** The same scope on a transaction. */
  with(tx: Db): TenantScope {
    return new TenantScope(tx, this.organizationId);
  }
}

export interface TenantContext {
  userId: number;
  organizationId: number;
  /** spec §6 member role: Member 1, Account Service 2, Owner 100. */
  memberRole: number;
  /** Back-office staff (user role Admin 1000). */
  staff: boolean;
  scope: TenantScope;
}

declare module "fastify" {
  interface FastifyRequest {
    tenant: TenantContext;
  }
}

const signedIn = authenticate();

/**
 * onRequest guard for organization routes: authenticates (before any body validation), then
 * requires a membership of the current organization with at least `minRole`. Membership is read
 * from `members` on every request, so a removed member loses access at once.
 */
export function requireMember(minRole: number = MEMBER_ROLE.member): RequestGuard {
  return async function requireMemberHook(request: FastifyRequest) {
    if (!request.auth) await signedIn(request);
    const { auth } = request;
    if (auth.organizationId === null || auth.memberRole === null) {
      throw new AppError("FORBIDDEN", { messageKey: "errors.no_organization" });
    }
    if (auth.memberRole < minRole) throw new AppError("FORBIDDEN");
    request.tenant = {
      userId: auth.userId,
      organizationId: auth.organizationId,
      memberRole: auth.memberRole,
      staff: auth.roles.includes(USER_ROLE.admin),
      scope: new TenantScope(request.server.db.db, auth.organizationId),
    };
  };
}
