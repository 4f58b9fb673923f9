import type { TChangePhoneRequest } from "@sms/domain/contracts/accounts";
import { meEndpoints } from "@sms/domain/endpoints/me";
import { useMutation } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

/** Sends a code to the new phone; the change applies after POST /c/me/verify. */
export function useChangePhone() {
  return useMutation({
    mutationFn: async (input: TChangePhoneRequest) =>
      (await api.call(meEndpoints.changePhone, { body: input })).data,
  });
}
