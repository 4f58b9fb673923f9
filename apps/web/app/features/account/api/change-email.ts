import type { TChangeEmailRequest } from "@sms/domain/contracts/accounts";
import { meEndpoints } from "@sms/domain/endpoints/me";
import { useMutation } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

/** Sends a code to the new e-mail; the change applies after POST /c/me/verify. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: async (input: TChangeEmailRequest) =>
      (await api.call(meEndpoints.changeEmail, { body: input })).data,
  });
}
