import { type Db, schema } from "@sms/db";
import {
  BLOCKED_WHILE_SUSPENDED,
  formatDateTime,
  type Locale,
  type MemberAction,
  memberCan,
  USER_ROLE,
} from "@sms/domain";
import { and, eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";
import { authenticate, type RequestGuard, type Suspension } from "../plugins/auth.ts";

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

export interface MemberGuardOptions {
  /** The action of the role matrix (packages/domain permissions.ts) the member's role must allow. */
  permission?: MemberAction;
  /** The path parameter naming the organization; the current organization when left out. */
  organizationParam?: string;
}

/**
 * onRequest guard for organization routes: authenticates (before any body validation), then
 * requires a membership, read from `members` on every request so a removed member loses access at
 * once: of the current organization, or of the one in the path (another organization's id is 404).
 * The member's role must allow `permission`; a suspended organization may not take the actions
 * BLOCKED_WHILE_SUSPENDED and is told why.
 */
export function requireMember({ permission, organizationParam }: MemberGuardOptions = {}): RequestGuard {
  return async function requireMemberHook(request: FastifyRequest) {
    if (!request.auth) await signedIn(request);
    const { auth } = request;
    const db = request.server.db;
    let organizationId = auth.organizationId;
    let memberRole = auth.memberRole;
    let suspension = auth.suspension;
    if (organizationParam) {
      const raw = (request.params as Record<string, string | undefined>)[organizationParam];
      const id = Number(raw);
      if (!raw || !/^[1-9][0-9]{0,9}$/.test(raw) || !Number.isSafeInteger(id))
        throw new AppError("NOT_FOUND");
      const [membership] = await db
        .select({
          role: schema.members.role,
          suspendedUntil: schema.organizations.suspendedUntil,
          suspensionReason: schema.organizations.suspensionReason,
        })
        .from(schema.members)
        .innerJoin(schema.organizations, eq(schema.organizations.id, schema.members.organizationId))
        .where(and(eq(schema.members.organizationId, id), eq(schema.members.userId, auth.userId)));
      if (!membership) throw new AppError("NOT_FOUND");
      organizationId = id;
      memberRole = membership.role;
      suspension = membership.suspendedUntil
        ? { until: membership.suspendedUntil, reason: membership.suspensionReason }
        : null;
    }
    if (organizationId === null || memberRole === null) {
      throw new AppError("FORBIDDEN", { messageKey: "errors.no_organization" });
    }
    if (permission && !memberCan(memberRole, permission)) {
      throw new AppError("FORBIDDEN", { messageKey: "errors.role_not_allowed" });
    }
    if (permission && BLOCKED_WHILE_SUSPENDED.includes(permission)) {
      assertNotSuspended(suspension, request.locale);
    }
    request.tenant = {
      userId: auth.userId,
      organizationId,
      memberRole,
      staff: auth.roles.includes(USER_ROLE.admin),
      scope: new TenantScope(db, organizationId),
    };
  };
}

/** SUSPENDED (with the end and the reason) while staff's suspension of the organization lasts. */
function assertNotSuspended(suspension: Suspension | null, locale: Locale): void {
  if (suspension && suspension.until.getTime() > Date.now()) {
    throw new AppError("SUSPENDED", {
      params: { until: formatDateTime(suspension.until, locale), reason: suspension.reason ?? "" },
    });
  }
}
