import type { Locale, TForgotPasswordRequest, TForgotPasswordResponse } from "@sms/domain";
import { deliverOtp } from "../otp/deliver.ts";
import type { AccountDeps } from "../otp/deps.ts";
import { issueOtp } from "../otp/otp-codes.ts";
import { findUserByUsername, parseUsername } from "./username.ts";

/**
 * Starts the forgot-password flow: a code by SMS for a phone username, by e-mail for an e-mail.
 * Unknown usernames get the same answer and use the same send quota; only the delivery is skipped.
 */
export async function forgotPassword(
  deps: AccountDeps,
  input: TForgotPasswordRequest,
  locale: Locale,
): Promise<TForgotPasswordResponse["data"]> {
  const username = parseUsername(input.username);
  const user = await findUserByUsername(deps.db, username);
  const channel = username.kind === "email" ? "email" : "sms";
  const otp = await issueOtp(deps.db, deps.config.jwtSecret, {
    purpose: "reset_password",
    channel,
    destination: username.value,
    userId: user?.id ?? null,
  });
  if (user) {
    await deliverOtp(deps, {
      channel,
      destination: username.value,
      code: otp.code,
      refCode: otp.refCode,
      locale,
    });
  }
  return { token: otp.id, ...otp.ticket };
}
