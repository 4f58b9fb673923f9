import type { Locale } from "@sms/domain";
import { AppError } from "../../errors.ts";
import { deliverNotice } from "./deliver.ts";
import type { AccountDeps } from "./deps.ts";
import { issueOtp } from "./otp-codes.ts";

/**
 * Sends a "someone tried to use your address" notice within the destination's send quota. Over
 * the quota it stays silent: the caller's answer must not change, or it would reveal the account.
 */
export async function sendNotice(
  deps: AccountDeps,
  input: { channel: "sms" | "email"; destination: string; kind: "register" | "change"; locale: Locale },
): Promise<void> {
  try {
    await issueOtp(deps.db, deps.config.jwtSecret, {
      purpose: "notice",
      channel: input.channel,
      destination: input.destination,
      userId: null,
    });
  } catch (err) {
    if (err instanceof AppError && err.code === "RATE_LIMITED") return;
    throw err;
  }
  await deliverNotice(deps, input);
}
