import { createHash, randomBytes } from "node:crypto";
import type { Db } from "@sms/db";
import type { TForgotPasswordVerifyRequest, TForgotPasswordVerifyResponse } from "@sms/domain";
import { AppError } from "../../errors.ts";
import { grantReset, verifyOtp } from "../otp/index.ts";

export const RESET_TOKEN_TTL_SECONDS = 15 * 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function hashResetToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Confirms the forgot-password code and trades it for a short-lived, single-use reset token. */
export async function verifyForgotPassword(
  db: Db,
  secret: string,
  input: TForgotPasswordVerifyRequest,
  now: Date = new Date(),
): Promise<TForgotPasswordVerifyResponse["data"]> {
  if (!UUID.test(input.token)) throw new AppError("OTP_INVALID");
  const row = await verifyOtp(db, secret, { id: input.token, purpose: "reset_password" }, input.code, now);
  // A code for an unknown username was never delivered; matching it is treated as wrong.
  if (row.userId === null) throw new AppError("OTP_INVALID");
  const resetToken = randomBytes(32).toString("base64url");
  await grantReset(
    db,
    row.id,
    hashResetToken(resetToken),
    new Date(now.getTime() + RESET_TOKEN_TTL_SECONDS * 1000),
  );
  return { reset_token: resetToken, expires_in: RESET_TOKEN_TTL_SECONDS };
}
