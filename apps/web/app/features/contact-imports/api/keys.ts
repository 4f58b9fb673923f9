import type { ContactImportRowStatus } from "@sms/domain/contracts/contact-imports";
import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { resourceKey } from "~/lib/endpoint-key";

/** TanStack Query keys of contact imports. */
export const CONTACT_IMPORTS_KEY = ["contact-imports"] as const;
export const importKey = (id: string) => [...CONTACT_IMPORTS_KEY, "one", id] as const;
export const currentImportKey = (groupId: number) => [...CONTACT_IMPORTS_KEY, "current", groupId] as const;
export const importRowsKey = (id: string, status: ContactImportRowStatus, page: number) =>
  [...CONTACT_IMPORTS_KEY, "rows", id, status, page] as const;
/** The contacts feature's lists and counts: refreshed once an import has added contacts. */
export const CONTACT_GROUPS_KEY = resourceKey(contactsEndpoints.listGroups);
