import type { Locale, TForgotPasswordRequest, TForgotPasswordResponse } from "@sms/domain";
import type { AppDeps } from "../../platform/deps.ts";
import { issueAndQueueOtp } from "../otp/index.ts";
import { findTrustedDevice } from "./trusted-devices.ts";
import { findUserByUsername, parseUsername } from "./username.ts";

/**
 * Starts the forgot-password flow: a code by SMS for a phone username, by e-mail for an e-mail.
 * Unknown usernames get the same answer, the same quota and the same queued job; only the delivery
 * is skipped, inside the job. Asked for from a device the account trusts, the code has a send quota
 * of its own, so strangers asking for codes cannot keep the owner from unlocking (ADR 0004).
 */
export async function forgotPassword(
  deps: AppDeps,
  input: TForgotPasswordRequest,
  locale: Locale,
  context: { deviceToken?: string | undefined } = {},
): Promise<TForgotPasswordResponse["data"]> {
  const username = parseUsername(input.username);
  const user = await findUserByUsername(deps.db, username);
  const channel = username.kind === "email" ? "email" : "sms";
  const device = await findTrustedDevice(deps.db, context.deviceToken, user?.id, new Date());
  const otp = await issueAndQueueOtp(deps, {
    purpose: "reset_password",
    channel,
    destination: username.value,
    userId: user?.id ?? null,
    ...(device ? { quotaKey: `device:${device.id}:${username.value}` } : {}),
    locale,
    send: user ? { kind: "code" } : { kind: "none" },
  });
  return { token: otp.id, ...otp.ticket };
}
