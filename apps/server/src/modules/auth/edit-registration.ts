import { type Db, schema, type Tx } from "@sms/db";
import { type Locale, normaliseRecipient, type TOtpTicket, type TRegisterRequest } from "@sms/domain";
import { and, eq, isNull, ne, or, sql } from "drizzle-orm";
import { isUniqueViolation } from "../../db-errors.ts";
import { AppError } from "../../errors.ts";
import type { AppDeps } from "../../platform/deps.ts";
import type { AuthContext } from "../../plugins/auth.ts";
import { issueAndQueueOtp, voidCodes } from "../otp/index.ts";
import { hashPassword } from "./passwords.ts";
import { createAccount, type FirstOrganization, sendDecoyCode } from "./register.ts";
import { revokeUserSessions } from "./sessions.ts";
import { revokeUserDevices } from "./trusted-devices.ts";

const VERIFY_PURPOSES = ["verify_phone", "verify_email"] as const;

/**
 * Step 1 sent again from a registration in progress (the caller holds its register token): the
 * details typed now replace the ones typed before, in the same registration (ADR 36).
 *
 * - A session bound to an account whose registration is unfinished (e-mail not verified) updates
 *   that account in place when neither address belongs to another account: names, e-mail, phone
 *   and password are the new ones, verification starts again, every earlier code is void and a
 *   code goes to the phone. No second account is created.
 * - When the new e-mail or phone belongs to another account, nothing of either account changes:
 *   the session answers like a decoy from then on (codes to free addresses, the owner's notice to
 *   taken ones, never a verification), but stays tied to its own account, so correcting the
 *   details again updates it as above.
 * - A decoy session (opened with a taken address) gets an account of its own once both addresses
 *   are free, as a new registration would; otherwise it stays a decoy with the new addresses.
 *
 * The answer is the same ticket in every case, so it tells nothing about who owns what.
 */
export async function editRegistration(
  deps: AppDeps,
  auth: AuthContext,
  input: TRegisterRequest,
  locale: Locale,
  firstOrganization: FirstOrganization,
  now: Date = new Date(),
): Promise<TOtpTicket> {
  if (auth.tokenType !== "register") throw new AppError("FORBIDDEN");
  const { db } = deps;
  const email = input.email.trim().toLowerCase();
  const phone = normaliseRecipient(input.phone_number);
  if (!phone)
    throw new AppError("VALIDATION", {
      details: [{ path: "phone_number", message: "validation.phone_invalid" }],
    });
  // Hashing first keeps every path equally slow.
  const passwordHash = await hashPassword(input.password);
  const ownerId = auth.userId > 0 ? auth.userId : null;
  const details = { first_name: input.first_name, last_name: input.last_name, email, phone, passwordHash };

  if (ownerId !== null) {
    const [owner] = await db
      .select({ emailVerifiedAt: schema.users.emailVerifiedAt })
      .from(schema.users)
      .where(eq(schema.users.id, ownerId));
    if (!owner) throw new AppError("UNAUTHORIZED");
    if (owner.emailVerifiedAt)
      throw new AppError("CONFLICT", { messageKey: "accounts.registration_complete" });
  }

  const userId =
    ownerId !== null
      ? await updatePendingAccount(db, auth.sessionId, ownerId, details, now)
      : await adoptAccount(db, auth.sessionId, details, now, firstOrganization);

  if (userId !== null) {
    const otp = await issueAndQueueOtp(deps, {
      purpose: "verify_phone",
      channel: "sms",
      destination: phone,
      userId,
      locale,
      send: { kind: "code" },
    });
    return otp.ticket;
  }
  const otp = await sendDecoyCode(deps, {
    sessionId: auth.sessionId,
    ownerId,
    type: "phone",
    destination: phone,
    locale,
  });
  return otp.ticket;
}

interface Details {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  passwordHash: string;
}

/** Voids every verify code the session or its account still holds. */
async function voidVerifyCodes(tx: Tx, sessionId: string, userId: number | null, now: Date) {
  await voidCodes(tx, { sessionId, userId, purposes: VERIFY_PURPOSES }, now);
}

/** Makes the session answer like a decoy for these addresses (its account, if any, untouched). */
async function shadow(tx: Tx, sessionId: string, details: Details) {
  await tx
    .update(schema.authSessions)
    .set({ pendingPhone: details.phone, pendingEmail: details.email })
    .where(eq(schema.authSessions.id, sessionId));
}

/** The account's id when it now has the new details; null when an address is another account's. */
async function updatePendingAccount(
  db: Db,
  sessionId: string,
  userId: number,
  details: Details,
  now: Date,
): Promise<number | null> {
  const u = schema.users;
  const apply = () =>
    db.transaction(async (tx) => {
      await voidVerifyCodes(tx, sessionId, userId, now);
      const [clash] = await tx
        .select({ id: u.id })
        .from(u)
        .where(
          and(
            ne(u.id, userId),
            or(eq(sql`lower(${u.email})`, details.email), eq(u.phoneNumber, details.phone)),
          ),
        )
        .limit(1);
      if (clash) {
        await shadow(tx, sessionId, details);
        return null;
      }
      await tx
        .update(u)
        .set({
          firstName: details.first_name.trim(),
          lastName: details.last_name.trim(),
          email: details.email,
          phoneNumber: details.phone,
          passwordHash: details.passwordHash,
          phoneNumberVerifiedAt: null,
          emailVerifiedAt: null,
          updatedAt: now,
        })
        // Only while the registration is unfinished: a verified e-mail makes it an account.
        .where(and(eq(u.id, userId), isNull(u.emailVerifiedAt)));
      await tx
        .update(schema.authSessions)
        .set({ pendingPhone: null, pendingEmail: null })
        .where(eq(schema.authSessions.id, sessionId));
      // The password may have changed: any other session or trusted browser of it ends.
      await revokeUserSessions(tx, userId, "password_changed", now, sessionId);
      await revokeUserDevices(tx, userId, now);
      return userId;
    });
  try {
    return await apply();
  } catch (err) {
    // A concurrent registration took one of the addresses meanwhile: the same as a clash.
    if (!isUniqueViolation(err)) throw err;
    await db.transaction(async (tx) => {
      await voidVerifyCodes(tx, sessionId, userId, now);
      await shadow(tx, sessionId, details);
    });
    return null;
  }
}

/** A decoy session's own new account when both addresses are free now; null otherwise. */
async function adoptAccount(
  db: Db,
  sessionId: string,
  details: Details,
  now: Date,
  firstOrganization: FirstOrganization,
): Promise<number | null> {
  const userId = await createAccount(db, { ...details, bindSessionId: sessionId }, firstOrganization);
  if (userId === null) {
    await db.transaction(async (tx) => {
      await voidVerifyCodes(tx, sessionId, null, now);
      await shadow(tx, sessionId, details);
    });
  }
  return userId;
}
