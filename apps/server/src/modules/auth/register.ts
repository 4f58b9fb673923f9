import { type Db, schema, type Tx } from "@sms/db";
import { type Locale, normaliseRecipient, type TRegisterRequest, type TRegisterResponse } from "@sms/domain";
import { and, eq, ne, or, sql } from "drizzle-orm";
import { isUniqueViolation } from "../../db-errors.ts";
import { AppError } from "../../errors.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { issueAndQueueOtp, voidCodes } from "../otp/index.ts";
import { hashPassword } from "./passwords.ts";
import { startSession } from "./sessions.ts";
import { recordTncAcceptance } from "./tnc-acceptances.ts";
import { setDefaultOrganization } from "./user-writes.ts";

export type RegisterResult = TRegisterResponse["data"];

/**
 * Creates a new account's first organization, its owner a member, in the account's transaction:
 * the organizations module's createOrganization, handed to auth by the module list
 * (modules/index.ts) and by `me` (ADR 87). Auth owns `users` and imports no module that writes
 * them back: organizations calls auth (setDefaultOrganization, moveOffOrganization), never the
 * other way round.
 */
export type FirstOrganization = (
  tx: Tx,
  owner: { name: string; ownerId: number },
) => Promise<{ organizationId: number }>;

async function currentTncVersion(db: Db): Promise<string | undefined> {
  const [row] = await db
    .select({ value: schema.configurations.value })
    .from(schema.configurations)
    .where(eq(schema.configurations.key, "tnc_version"));
  return row?.value;
}

/**
 * Whether a phone (66 form) or e-mail (lower case) already belongs to an account, other than
 * `exceptUserId` (a registration's own unfinished account, ADR 36).
 */
export async function isAddressTaken(
  db: Db,
  type: "phone" | "email",
  value: string,
  exceptUserId: number | null = null,
): Promise<boolean> {
  const u = schema.users;
  const match = type === "phone" ? eq(u.phoneNumber, value) : eq(sql`lower(${u.email})`, value);
  const where = exceptUserId === null ? match : and(match, ne(u.id, exceptUserId));
  const [row] = await db.select({ id: u.id }).from(u).where(where).limit(1);
  return row !== undefined;
}

/**
 * Creates the user, a default organization the user owns and the owner Member row in one
 * transaction, records the accepted terms, and queues the phone code.
 *
 * When the e-mail or phone already belongs to an account the answer has the same shape: a
 * register session bound to no user (a decoy) that remembers the addresses typed. Each address
 * then gets exactly what it would get in a real registration, step by step: a free address gets a
 * real code, a taken one gets a notice for its owner in place of the code, counted against the same
 * quota. So a stranger learns nothing from the answers, the codes that arrive or the quotas, and
 * can never finish the decoy (a taken address's code cannot be confirmed).
 */
export async function register(
  deps: AppDeps,
  input: TRegisterRequest,
  locale: Locale,
  firstOrganization: FirstOrganization,
): Promise<RegisterResult> {
  const { db, config } = deps;
  const email = input.email.trim().toLowerCase();
  const phone = normaliseRecipient(input.phone_number);
  if (!phone)
    throw new AppError("VALIDATION", {
      details: [{ path: "phone_number", message: "validation.phone_invalid" }],
    });
  // Hashing first keeps both paths equally slow.
  const passwordHash = await hashPassword(input.password);

  const userId = await createAccount(db, { ...input, email, phone, passwordHash }, firstOrganization);
  if (userId !== null) {
    const session = await startSession(db, config, { userId, kind: "register" });
    const otp = await issueAndQueueOtp(deps, {
      purpose: "verify_phone",
      channel: "sms",
      destination: phone,
      userId,
      locale,
      send: { kind: "code" },
    });
    return { token_register: session.pair, phone_verification: otp.ticket };
  }

  const session = await startSession(db, config, { userId: null, kind: "register" });
  await db
    .update(schema.authSessions)
    .set({ pendingPhone: phone, pendingEmail: email })
    .where(eq(schema.authSessions.id, session.sessionId));
  const otp = await sendDecoyCode(deps, {
    sessionId: session.sessionId,
    type: "phone",
    destination: phone,
    locale,
  });
  return { token_register: session.pair, phone_verification: otp.ticket };
}

/**
 * A decoy session's code: real for a free address, the owner's notice for a taken one. A session
 * tied to its own unfinished account (`ownerId`, ADR 36) counts that account's addresses as free
 * and its codes against that account's budget.
 */
export async function sendDecoyCode(
  deps: AppDeps,
  input: {
    sessionId: string;
    ownerId?: number | null;
    type: "phone" | "email";
    destination: string;
    locale: Locale;
  },
) {
  const ownerId = input.ownerId ?? null;
  const taken = await isAddressTaken(deps.db, input.type, input.destination, ownerId);
  return issueAndQueueOtp(deps, {
    purpose: input.type === "phone" ? "verify_phone" : "verify_email",
    channel: input.type === "phone" ? "sms" : "email",
    destination: input.destination,
    userId: ownerId,
    sessionId: input.sessionId,
    locale: input.locale,
    send: taken ? { kind: "notice", notice: "register" } : { kind: "code" },
  });
}

/**
 * Returns the new user's id, or null when the e-mail or phone is already taken. `bindSessionId`:
 * a decoy register session that becomes this account's (its earlier codes are void).
 */
export async function createAccount(
  db: Db,
  input: {
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    passwordHash: string;
    bindSessionId?: string;
  },
  firstOrganization: FirstOrganization,
): Promise<number | null> {
  const tncVersion = await currentTncVersion(db);
  try {
    return await db.transaction(async (tx) => {
      const [clash] = await tx
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(
          or(eq(sql`lower(${schema.users.email})`, input.email), eq(schema.users.phoneNumber, input.phone)),
        )
        .limit(1);
      if (clash) return null;
      const [user] = await tx
        .insert(schema.users)
        .values({
          firstName: input.first_name.trim(),
          lastName: input.last_name.trim(),
          email: input.email,
          phoneNumber: input.phone,
          passwordHash: input.passwordHash,
        })
        .returning({ id: schema.users.id });
      if (!user) throw new Error("user insert returned no row");
      const { organizationId } = await firstOrganization(tx, {
        name: `${input.first_name.trim()} ${input.last_name.trim()}`,
        ownerId: user.id,
      });
      await setDefaultOrganization(tx, user.id, organizationId);
      // The registration form's terms checkbox is the acceptance of the current version.
      if (tncVersion) await recordTncAcceptance(tx, user.id, tncVersion);
      if (input.bindSessionId) {
        await tx
          .update(schema.authSessions)
          .set({ userId: user.id, pendingPhone: null, pendingEmail: null })
          .where(eq(schema.authSessions.id, input.bindSessionId));
        await voidCodes(tx, { sessionId: input.bindSessionId }, new Date());
      }
      return user.id;
    });
  } catch (err) {
    // A concurrent registration won the race for the same address: same answer as any duplicate.
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}
