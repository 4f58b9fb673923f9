import { campaignsEndpoints } from "@sms/domain/endpoints/campaigns";
import { endpointKey } from "~/lib/endpoint-key";

/** TanStack Query key of the sent messages, made from the endpoint (ADR 72): every list page under one prefix. */
export const MESSAGES_LIST_KEY = endpointKey(campaignsEndpoints.messages);
