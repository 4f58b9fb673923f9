import { hash, verify } from "@node-rs/argon2";
import { USER_ROLE } from "@sms/domain/roles";
import { and, arrayContains, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { createOrganization } from "./create-organization.ts";
import { authSessions, configurations, packages, senders, users } from "./schema/index.ts";

export const ADMIN_ROLE = USER_ROLE.admin;
export const DEFAULT_TNC_VERSION = "1.0";
/**
 * Not a Thai mobile number in any form (mobiles are 66 then 6, 8 or 9), so nothing sent to the
 * seeded admin's phone can reach a real subscriber.
 */
export const SEED_ADMIN_PHONE = "66000000000";

const HASH_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

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

/**
 * The shared default sender (issue 11): no organization, approved, usable by every organization.
 * Its name matches the OTP sender's default (OTP_SMS_SENDER).
 */
export const SHARED_SENDER = {
  name: "SMSPortal",
  companyName: "SMS Portal",
  type: "otp",
  exampleMessage: "Your OTP is 123456",
} as const;

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string;
  /**
   * The password was configured (ADMIN_PASSWORD), not defaulted: it is then applied to the
   * existing admin on every start, which also ends the admin's sessions when it changes.
   */
  applyAdminPassword?: boolean;
  adminPhone?: string;
}

export interface SeedResult {
  adminCreated: boolean;
}

/**
 * Idempotent: safe to run on every start. Existing rows are never overwritten, except the admin's
 * password when `applyAdminPassword` asks for it.
 */
export async function seed(db: Db, options: SeedOptions): Promise<SeedResult> {
  await db
    .insert(configurations)
    .values({ key: "tnc_version", value: DEFAULT_TNC_VERSION })
    .onConflictDoNothing();
  await db
    .insert(packages)
    .values([...PACKAGE_CATALOGUE])
    .onConflictDoNothing();
  // The partial unique index on the shared senders' names makes a second start insert nothing.
  await db
    .insert(senders)
    .values({ ...SHARED_SENDER, organizationId: null, status: "approved", decidedAt: new Date() })
    .onConflictDoNothing();

  const existing = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.email})`, options.adminEmail.toLowerCase()));
  if (existing[0]) {
    if (options.applyAdminPassword) await applyPassword(db, existing[0], options.adminPassword);
    return { adminCreated: false };
  }

  const passwordHash = await hash(options.adminPassword, HASH_OPTIONS);
  await db.transaction(async (tx) => {
    const now = new Date();
    const [admin] = await tx
      .insert(users)
      .values({
        firstName: "System",
        lastName: "Admin",
        email: options.adminEmail,
        phoneNumber: options.adminPhone ?? SEED_ADMIN_PHONE,
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

async function applyPassword(db: Db, admin: { id: number; passwordHash: string }, password: string) {
  if (await verifies(admin.passwordHash, password)) return;
  const passwordHash = await hash(password, HASH_OPTIONS);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, admin.id));
    await tx
      .update(authSessions)
      .set({ revokedAt: now, revokeReason: "password_changed" })
      .where(and(eq(authSessions.userId, admin.id), isNull(authSessions.revokedAt)));
  });
}

async function verifies(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** E-mails of the admins whose password is `password`; production refuses to start with the dev one. */
export async function adminsWithPassword(db: Db, password: string): Promise<string[]> {
  const admins = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(arrayContains(users.roles, [ADMIN_ROLE]));
  const matches: string[] = [];
  for (const admin of admins) if (await verifies(admin.passwordHash, password)) matches.push(admin.email);
  return matches;
}
