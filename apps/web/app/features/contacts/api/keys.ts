import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { endpointKey, resourceKey } from "~/lib/endpoint-key";

/**
 * TanStack Query keys of the feature, made from the endpoints (ADR 72): everything sits under the
 * contact groups' resource key, so one invalidation (after a change here, or when an import
 * completes) refreshes every list and count, the send forms' group choices included.
 */
export const CONTACT_GROUPS_KEY = resourceKey(contactsEndpoints.listGroups);
export const groupsListKey = endpointKey(contactsEndpoints.listGroups);
export const groupKey = (id: number) => endpointKey(contactsEndpoints.getGroup, { params: { id } });
export const groupContactsKey = (id: number) =>
  endpointKey(contactsEndpoints.listContacts, { params: { id } });
export const contactConsentsKey = (id: number) =>
  endpointKey(contactsEndpoints.contactConsents, { params: { id } });
export const consentWordingKey = endpointKey(contactsEndpoints.getConsentWording);
