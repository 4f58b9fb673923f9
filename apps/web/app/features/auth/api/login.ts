import type { TLoginRequest } from "@sms/domain/contracts/accounts";
import { guestEndpoints } from "@sms/domain/endpoints/guest";
import { useMutation } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { session } from "~/lib/session";
import { registerFlow } from "../lib/flow-state";

/**
 * Signs in; the new tokens replace any register tokens (a login ends every other session, an
 * unfinished registration's too, so its remembered steps go as well).
 */
export async function login(input: TLoginRequest): Promise<void> {
  const { data } = await api.call(guestEndpoints.login, { body: input });
  session.clear();
  registerFlow.clear();
  session.set(data);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
