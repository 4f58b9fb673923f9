import type { Db } from "@sms/db";
import type { TLoginRequest, TTokenPair } from "@sms/domain";
import type { Config } from "../../config.ts";
import { AppError } from "../../errors.ts";
import { isUsernameLocked, lockAccount, lockUsername, overLimit, recordFailure } from "./lockout.ts";
import { verifyDummyPassword, verifyPassword } from "./passwords.ts";
import { startSession } from "./sessions.ts";
import { findTrustedDevice, revokeDevice, trustDevice } from "./trusted-devices.ts";
import { findUserByUsername, parseUsername } from "./username.ts";

export interface LoginResult {
  pair: TTokenPair;
  /** The new device cookie value: this browser is now trusted by the account. */
  deviceToken: string;
}

const locked = () => new AppError("LOCKED", { messageKey: "accounts.locked" });

/**
 * Signs in with an e-mail or phone and a password; a successful login ends the user's other
 * sessions and trusts the browser. The password is always hashed first, so every answer takes the
 * same time. Lockout (docs/decisions/0004-lockout-abuse.md):
 * - an untrusted client is counted per username it typed, real or unknown alike, and a username
 *   over the limit answers 423 until the account's OTP reset (for an unknown name: for good);
 *   a locked account shows it only to someone who gives its right password;
 * - a device the account trusts is counted on its own, so strangers cannot lock its owner out;
 *   over the limit it loses its trust and locks the account.
 */
export async function login(
  db: Db,
  config: Pick<Config, "jwtSecret" | "accessTokenTtl" | "refreshTokenTtl" | "sessionMaxAge">,
  input: TLoginRequest,
  context: { deviceToken?: string | undefined; now?: Date } = {},
): Promise<LoginResult> {
  const now = context.now ?? new Date();
  const username = parseUsername(input.username);
  const user = await findUserByUsername(db, username);
  const device = await findTrustedDevice(db, context.deviceToken, user?.id, now);
  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyDummyPassword(input.password);

  if (device && user) {
    if (!ok) {
      if (overLimit(await recordFailure(db, { device: device.id }, now))) {
        await revokeDevice(db, device.id, now);
        await lockAccount(db, user.id, now);
        throw locked();
      }
      throw new AppError("INVALID_CREDENTIALS");
    }
  } else {
    if (await isUsernameLocked(db, username.value)) throw locked();
    if (!ok || !user) {
      if (overLimit(await recordFailure(db, { key: username.value }, now))) {
        await lockUsername(db, username.value, now);
        throw locked();
      }
      throw new AppError("INVALID_CREDENTIALS");
    }
    if (user.lockedAt) throw locked();
  }

  const { pair } = await startSession(db, config, { userId: user.id, kind: "login", now });
  const deviceToken = await trustDevice(db, user.id, device, now);
  return { pair, deviceToken };
}
