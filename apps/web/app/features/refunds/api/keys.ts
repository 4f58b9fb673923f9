import { refundsEndpoints } from "@sms/domain/endpoints/refunds";
import { endpointKey, resourceKey } from "~/lib/endpoint-key";

/** TanStack Query keys of the refunds feature, made from the endpoint (ADR 72): every list page under one prefix. */
export const REFUNDS_KEY = resourceKey(refundsEndpoints.list);
export const REFUNDS_LIST_KEY = endpointKey(refundsEndpoints.list);
