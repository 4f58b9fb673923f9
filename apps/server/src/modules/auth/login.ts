import { type Db, schema } from "@sms/db";
import { bangkokDayKey, type TLoginRequest, type TTokenPair } from "@sms/domain";
import { and, count, eq } from "drizzle-orm";
import type { Config } from "../../config.ts";
import { AppError } from "../../errors.ts";
import { verifyDummyPassword, verifyPassword } from "./passwords.ts";
import { startSession } from "./sessions.ts";
import { findUserByUsername, parseUsername } from "./username.ts";

/** Spec §9 terms: the account locks after more than 10 wrong passwords within one Bangkok day. */
export const MAX_WRONG_PASSWORDS_PER_DAY = 10;

/**
 * Signs in with an e-mail or phone and a password. Unknown usernames take the same time, get the
 * same error and are counted the same way (including the 423 after too many tries), so the answer
 * never tells whether an account exists. A successful login ends the user's other sessions.
 */
export async function login(
  db: Db,
  config: Config,
  input: TLoginRequest,
  now: Date = new Date(),
): Promise<TTokenPair> {
  const username = parseUsername(input.username);
  const user = await findUserByUsername(db, username);
  const day = bangkokDayKey(now);
  const f = schema.loginFailures;

  if (user?.lockedAt) {
    await verifyDummyPassword(input.password);
    throw new AppError("LOCKED", { messageKey: "accounts.locked" });
  }
  const [failures] = await db
    .select({ n: count() })
    .from(f)
    .where(and(user ? eq(f.userId, user.id) : eq(f.usernameKey, username.value), eq(f.bangkokDay, day)));
  const failuresToday = failures?.n ?? 0;
  if (!user && failuresToday > MAX_WRONG_PASSWORDS_PER_DAY) {
    await verifyDummyPassword(input.password);
    throw new AppError("LOCKED", { messageKey: "accounts.locked" });
  }

  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyDummyPassword(input.password);
  if (!ok || !user) {
    await db
      .insert(f)
      .values({ usernameKey: username.value, userId: user?.id ?? null, bangkokDay: day, createdAt: now });
    if (failuresToday + 1 > MAX_WRONG_PASSWORDS_PER_DAY) {
      if (user) await db.update(schema.users).set({ lockedAt: now }).where(eq(schema.users.id, user.id));
      throw new AppError("LOCKED", { messageKey: "accounts.locked" });
    }
    throw new AppError("INVALID_CREDENTIALS");
  }

  const { pair } = await startSession(db, config, { userId: user.id, kind: "login", now });
  return pair;
}
