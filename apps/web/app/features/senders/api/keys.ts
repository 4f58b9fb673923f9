import { adminSendersEndpoints, sendersEndpoints } from "@sms/domain/endpoints/senders";
import { endpointKey } from "~/lib/endpoint-key";

/** TanStack Query keys of the senders feature, made from the endpoints (ADR 72). */
export const SENDERS_QUERY_KEY = endpointKey(sendersEndpoints.list);
export const senderQueryKey = (id: number) => endpointKey(sendersEndpoints.get, { params: { id } });
export const ADMIN_SENDERS_QUERY_KEY = endpointKey(adminSendersEndpoints.list);
