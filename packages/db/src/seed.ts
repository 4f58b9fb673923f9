import { hash } from "@node-rs/argon2";
import { MEMBER_ROLE, USER_ROLE } from "@sms/domain/roles";
import { eq, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { createOrganization } from "./create-organization.ts";
import { configurations, packages, users } from "./schema/index.ts";

export const ADMIN_ROLE = USER_ROLE.admin;
export const OWNER_MEMBER_ROLE = MEMBER_ROLE.owner;
export const DEFAULT_TNC_VERSION = "1.0";

/** Package catalogue; prices in satang. Id 17 is the free trial (spec §4). */
export const PACKAGE_CATALOGUE = [
  { id: 17, name: "Free trial", months: 1, credits: 50, priceSatang: 0, isTrial: true, sortOrder: 0 },
  { id: 1, name: "Starter", months: 1, credits: 1_500, priceSatang: 79_900, isTrial: false, sortOrder: 1 },
  { id: 2, name: "Basic", months: 3, credits: 5_000, priceSatang: 200_000, isTrial: false, sortOrder: 2 },
  { id: 3, name: "Standard", months: 6, credits: 20_000, priceSatang: 600_000, isTrial: false, sortOrder: 3 },
  {
    id: 4,
    name: "Business",
    months: 12,
    credits: 100_000,
    priceSatang: 2_500_000,
    isTrial: false,
    sortOrder: 4,
  },
  {
    id: 5,
    name: "Enterprise",
    months: 12,
    credits: 500_000,
    priceSatang: 9_500_000,
    isTrial: false,
    sortOrder: 5,
  },
] as const;

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string;
  adminPhone?: string;
}

export interface SeedResult {
  adminCreated: boolean;
}

/** Idempotent: safe to run on every start. Existing rows are never overwritten. */
export async function seed(db: Db, options: SeedOptions): Promise<SeedResult> {
  await db
    .insert(configurations)
    .values({ key: "tnc_version", value: DEFAULT_TNC_VERSION })
    .onConflictDoNothing();
  await db
    .insert(packages)
    .values([...PACKAGE_CATALOGUE])
    .onConflictDoNothing();

  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, options.adminEmail.toLowerCase()));
  if (existing.length > 0) return { adminCreated: false };

  const passwordHash = await hash(options.adminPassword, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  await db.transaction(async (tx) => {
    const now = new Date();
    const [admin] = await tx
      .insert(users)
      .values({
        firstName: "System",
        lastName: "Admin",
        email: options.adminEmail,
        phoneNumber: options.adminPhone ?? "66800000000",
        passwordHash,
        roles: [ADMIN_ROLE],
        phoneNumberVerifiedAt: now,
        emailVerifiedAt: now,
      })
      .returning({ id: users.id });
    if (!admin) throw new Error("admin insert returned no row");
    await createOrganization(tx, { name: "Operations", ownerId: admin.id, makeDefault: true });
  });
  return { adminCreated: true };
}
