import { meEndpoints } from "@sms/domain/endpoints/me";
import { api } from "~/lib/api-client";
import { session } from "~/lib/session";
import { registerCredentials, registerFlow } from "../lib/flow-state";

/**
 * Leaves the registration in progress in this browser (someone else's on a shared computer): its
 * register session ends and its remembered steps go; the account stays, and its owner can sign in.
 */
export async function startRegistrationOver(): Promise<void> {
  if (session.get("register")) {
    try {
      await api.call(meEndpoints.logout);
    } catch {
      // Already ended: forgetting it here is all that is left to do.
    }
  }
  session.clear("register");
  registerFlow.clear();
  registerCredentials.take();
}
