import type { TVerifyType } from "@sms/domain/contracts/accounts";
import { meEndpoints } from "@sms/domain/endpoints/me";
import { api } from "~/lib/api-client";

/** Sends a code to the account's current phone or e-mail (register token on /register pages). */
export async function requestVerify(type: TVerifyType) {
  return (await api.call(meEndpoints.requestVerify, { query: { type } })).data;
}
