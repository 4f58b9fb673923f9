import type { Db } from "@sms/db";
import type { Locale, TForgotPasswordResponse } from "@sms/domain";
import type { AppDeps } from "../../platform/deps.ts";
import { issueAndQueueOtp } from "../otp/index.ts";
import { findTrustedDevice, type TrustedDevice } from "./trusted-devices.ts";
import { findUserByUsername, type ParsedUsername, parseUsername, type UserRow } from "./username.ts";

/** Who asks for a reset code: the account the username names (if any) and the browser, when it trusts it. */
export interface ResetRequester {
  username: ParsedUsername;
  user: UserRow | undefined;
  /** A device the account trusts (ADR 0004); null for every other client, strangers included. */
  device: TrustedDevice | null;
}

/**
 * The same two lookups whatever the username, so neither the answer nor its timing tells a real
 * account from an unknown one; the device lookup is one by token (findTrustedDevice).
 */
export async function resolveResetRequester(
  db: Db,
  input: { username: string; deviceToken?: string | undefined },
  now: Date = new Date(),
): Promise<ResetRequester> {
  const username = parseUsername(input.username);
  const user = await findUserByUsername(db, username);
  const device = await findTrustedDevice(db, input.deviceToken, user?.id, now);
  return { username, user, device };
}

/**
 * The budget a trusted browser's reset requests count against, apart from the username's shared
 * one (the rate limit's and the OTP send quota's); undefined for everyone else.
 */
export function trustedResetBudget(requester: ResetRequester): string | undefined {
  return requester.device ? `device:${requester.device.id}:${requester.username.value}` : undefined;
}

/**
 * Starts the forgot-password flow: a code by SMS for a phone username, by e-mail for an e-mail.
 * Unknown usernames get the same answer, the same quota and the same queued job; only the delivery
 * is skipped, inside the job. So does a phone the account never verified: it is a number the
 * registrant typed, and a code to it would be an SMS to anyone's number outside the account's
 * daily SMS budget. Asked for from a device the account trusts, the code has a send quota of its
 * own, so strangers asking for codes cannot keep the owner from unlocking (ADR 0004).
 */
export async function forgotPassword(
  deps: AppDeps,
  requester: ResetRequester,
  locale: Locale,
): Promise<TForgotPasswordResponse["data"]> {
  const { username, user } = requester;
  const reachable = username.kind === "email" ? user !== undefined : user?.phoneNumberVerifiedAt != null;
  const quotaKey = trustedResetBudget(requester);
  const otp = await issueAndQueueOtp(deps, {
    purpose: "reset_password",
    channel: username.kind === "email" ? "email" : "sms",
    destination: username.value,
    userId: user?.id ?? null,
    ...(quotaKey ? { quotaKey } : {}),
    locale,
    send: reachable ? { kind: "code" } : { kind: "none" },
  });
  return { token: otp.id, ...otp.ticket };
}
