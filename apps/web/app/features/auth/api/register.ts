import type { TRegisterRequest, TRegisterResponse } from "@sms/domain/contracts/accounts";
import { guestEndpoints } from "@sms/domain/endpoints/guest";
import { useMutation } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

export type RegisterResult = TRegisterResponse["data"];

export function useRegister() {
  return useMutation({
    mutationFn: async (input: TRegisterRequest) =>
      (await api.call(guestEndpoints.register, { body: input })).data,
  });
}
