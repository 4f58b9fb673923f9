import { schema } from "@sms/db";
import {
  formatIpAddress,
  parseIpAddress,
  type TCreateWhitelistIpBody,
  type TUpdateWhitelistIpBody,
  type TWhitelistIp,
  type TWhitelistIpsQuery,
  type TWhitelistIpsResponse,
  WHITELIST_MAX_ENTRIES,
  WHITELIST_SORT,
} from "@sms/domain";
import { eq, ilike, or, sql } from "drizzle-orm";
import { conflictOn } from "../../db-errors.ts";
import { AppError } from "../../errors.ts";
import { paginate } from "../../platform/paginate.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { presentWhitelistIp } from "./present.ts";

const w = schema.whitelistIps;

const SORTABLE = { created_at: w.createdAt, name: sql`lower(${w.name})` };

/** The search text matched anywhere in the name or the address, LIKE wildcards taken literally. */
function matches(search: string) {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(w.name, pattern), ilike(w.ipAddress, pattern));
}

/**
 * The caller's address as a whitelist entry stores it (review D45): `request.ip` after the trusted
 * proxies, an IPv4-mapped IPv6 address as IPv4, IPv6 compressed. Null when it is not an address.
 */
export function callerAddress(ip: string | undefined): string | null {
  const parsed = ip ? parseIpAddress(ip) : null;
  return parsed ? formatIpAddress(parsed.version, parsed.bits) : null;
}

/** The organization's whitelist (spec §7 GET /c/whitelist-ips), newest first. */
export async function listWhitelistIps(
  scope: TenantScope,
  query: TWhitelistIpsQuery,
): Promise<TWhitelistIpsResponse["data"]> {
  return paginate(scope.db, {
    from: w,
    where: scope.where(w, query.search ? matches(query.search) : undefined),
    sortable: SORTABLE,
    defaultSort: WHITELIST_SORT.default,
    query,
    map: presentWhitelistIp,
  });
}

/**
 * Adds an address (already in canonical form from the contract). The same address twice is a
 * 409 on `ip_address`, decided by the unique index; at most WHITELIST_MAX_ENTRIES per organization.
 */
export async function createWhitelistIp(
  scope: TenantScope,
  input: TCreateWhitelistIpBody,
): Promise<TWhitelistIp> {
  const count = await scope.db.$count(w, scope.where(w));
  if (count >= WHITELIST_MAX_ENTRIES) {
    throw new AppError("CONFLICT", {
      messageKey: "whitelist.full",
      params: { max: WHITELIST_MAX_ENTRIES },
    });
  }
  const [row] = await conflictOn("ip_address", "whitelist.address_taken", () =>
    scope.db
      .insert(w)
      .values(scope.stamp({ name: input.name, ipAddress: input.ip_address }))
      .returning(),
  );
  if (!row) throw new Error("whitelist insert returned no row");
  return presentWhitelistIp(row);
}

export async function updateWhitelistIp(
  scope: TenantScope,
  id: number,
  input: TUpdateWhitelistIpBody,
): Promise<TWhitelistIp> {
  const [row] = await conflictOn("ip_address", "whitelist.address_taken", () =>
    scope.db
      .update(w)
      .set({
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.ip_address === undefined ? {} : { ipAddress: input.ip_address }),
      })
      .where(scope.where(w, eq(w.id, id)))
      .returning(),
  );
  if (!row) throw new AppError("NOT_FOUND");
  return presentWhitelistIp(row);
}

export async function deleteWhitelistIp(scope: TenantScope, id: number): Promise<{ id: number }> {
  const [row] = await scope.db
    .delete(w)
    .where(scope.where(w, eq(w.id, id)))
    .returning({ id: w.id });
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}
