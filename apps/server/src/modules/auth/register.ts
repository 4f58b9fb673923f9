import { createOrganization, type Db, schema } from "@sms/db";
import { type Locale, normaliseRecipient, type TRegisterRequest, type TRegisterResponse } from "@sms/domain";
import { eq, or, sql } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { deliverOtp } from "../otp/deliver.ts";
import type { AccountDeps } from "../otp/deps.ts";
import { sendNotice } from "../otp/notice.ts";
import { issueOtp } from "../otp/otp-codes.ts";
import { hashPassword } from "./passwords.ts";
import { startSession } from "./sessions.ts";

export type RegisterResult = TRegisterResponse["data"];

/** Address where a decoy session's codes are "sent": unique per session, never delivered. */
export const decoyDestination = (sessionId: string, type: "phone" | "email") => `decoy:${sessionId}:${type}`;

async function currentTncVersion(db: Db): Promise<string | undefined> {
  const [row] = await db
    .select({ value: schema.configurations.value })
    .from(schema.configurations)
    .where(eq(schema.configurations.key, "tnc_version"));
  return row?.value;
}

function isUniqueViolation(err: unknown): boolean {
  const code =
    (err as { code?: string; cause?: { code?: string } }).code ??
    (err as { cause?: { code?: string } }).cause?.code;
  return code === "23505";
}

/**
 * Creates the user, a default organization the user owns and the owner Member row in one
 * transaction, records the accepted terms, and sends the phone code.
 *
 * When the e-mail or phone already belongs to an account the answer has the same shape: a
 * register session that is not bound to any user (a decoy) and a code "sent" nowhere, while the
 * existing owner gets a notice. The answer therefore never reveals that an account exists.
 */
export async function register(
  deps: AccountDeps,
  input: TRegisterRequest,
  locale: Locale,
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

  const userId = await createAccount(db, { ...input, email, phone, passwordHash });
  if (userId !== null) {
    const session = await startSession(db, config, { userId, kind: "register" });
    const otp = await issueOtp(db, config.jwtSecret, {
      purpose: "verify_phone",
      channel: "sms",
      destination: phone,
      userId,
    });
    await deliverOtp(deps, {
      channel: "sms",
      destination: phone,
      code: otp.code,
      refCode: otp.refCode,
      locale,
    });
    return { token_register: session.pair, phone_verification: otp.ticket };
  }

  const session = await startSession(db, config, { userId: null, kind: "register" });
  const otp = await issueOtp(db, config.jwtSecret, {
    purpose: "verify_phone",
    channel: "sms",
    destination: decoyDestination(session.sessionId, "phone"),
    userId: null,
  });
  const taken = await db
    .select({ email: schema.users.email, phone: schema.users.phoneNumber })
    .from(schema.users)
    .where(or(eq(sql`lower(${schema.users.email})`, email), eq(schema.users.phoneNumber, phone)));
  for (const owner of taken) {
    if (owner.email.toLowerCase() === email) {
      await sendNotice(deps, { channel: "email", destination: email, kind: "register", locale });
    }
    if (owner.phone === phone) {
      await sendNotice(deps, { channel: "sms", destination: phone, kind: "register", locale });
    }
  }
  return { token_register: session.pair, phone_verification: otp.ticket };
}

/** Returns the new user's id, or null when the e-mail or phone is already taken. */
async function createAccount(
  db: Db,
  input: { first_name: string; last_name: string; email: string; phone: string; passwordHash: string },
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
      await createOrganization(tx, {
        name: `${input.first_name.trim()} ${input.last_name.trim()}`,
        ownerId: user.id,
        makeDefault: true,
      });
      // The registration form's terms checkbox is the acceptance of the current version.
      if (tncVersion) await tx.insert(schema.tncLogs).values({ userId: user.id, version: tncVersion });
      return user.id;
    });
  } catch (err) {
    // A concurrent registration won the race for the same address: same answer as any duplicate.
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}
