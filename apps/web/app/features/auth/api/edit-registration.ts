import type { TRegisterRequest } from "@sms/domain/contracts/accounts";
import { meEndpoints } from "@sms/domain/endpoints/me";
import { api } from "~/lib/api-client";

/** Step 1 sent again in a registration in progress: same account, new details, new phone code (ADR 36). */
export async function editRegistration(input: TRegisterRequest) {
  return (await api.call(meEndpoints.editRegistration, { body: input })).data;
}
