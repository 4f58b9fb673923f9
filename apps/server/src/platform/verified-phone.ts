import { AppError } from "../errors.ts";
import type { AuthContext } from "../plugins/auth.ts";

/**
 * The free trial, every send, creating or replacing API keys and creating an order need the
 * acting user's phone to be verified (issue 23 point 3, ADR 32): a throwaway registration can
 * no longer spend the operator's SMS. Checked before the body is used, so a refused upload is not read.
 */
export function assertPhoneVerified(auth: Pick<AuthContext, "phoneVerified">): void {
  if (!auth.phoneVerified) throw new AppError("PHONE_NOT_VERIFIED");
}
