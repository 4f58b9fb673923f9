import { templatesEndpoints } from "@sms/domain/endpoints/templates";
import { endpointKey } from "~/lib/endpoint-key";

/**
 * TanStack Query keys of the templates feature, made from the endpoints (ADR 72): every list page
 * under the list's key (with the send forms' template choices), one template under its own.
 */
export const TEMPLATES_LIST_KEY = endpointKey(templatesEndpoints.list);
export const templateKey = (id: number) => endpointKey(templatesEndpoints.get, { params: { id } });
