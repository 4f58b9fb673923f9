import { MEMBER_ROLE } from "@sms/domain/roles";
import { eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { members, organizations, users } from "./schema/index.ts";

export interface CreateOrganizationOptions {
  name: string;
  ownerId: number;
  /** Make it the owner's current organization (registration, the seeded admin). */
  makeDefault?: boolean;
}
export interface CreateOrganizationResult {
  organizationId: number;
  memberId: number;
}

/**
 * The one way an organization comes to exist: the row, its owner as an Owner member, and
 * optionally the owner's default organization. Call it inside the caller's transaction so a
 * failed registration leaves no organization behind.
 */
export async function createOrganization(
  db: Db,
  { name, ownerId, makeDefault = false }: CreateOrganizationOptions,
): Promise<CreateOrganizationResult> {
  const [org] = await db
    .insert(organizations)
    .values({ name: name.trim(), ownerId })
    .returning({ id: organizations.id });
  if (!org) throw new Error("organization insert returned no row");
  const [member] = await db
    .insert(members)
    .values({ organizationId: org.id, userId: ownerId, role: MEMBER_ROLE.owner })
    .returning({ id: members.id });
  if (!member) throw new Error("member insert returned no row");
  if (makeDefault) {
    await db.update(users).set({ defaultOrganizationId: org.id }).where(eq(users.id, ownerId));
  }
  return { organizationId: org.id, memberId: member.id };
}
