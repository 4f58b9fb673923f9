/**
 * TanStack Query keys of the feature: everything sits under CONTACT_GROUPS_KEY, so one
 * invalidation (after a change here, or when an import completes) refreshes every list and count.
 */
export const CONTACT_GROUPS_KEY = ["contact-groups"] as const;
export const groupsListKey = [...CONTACT_GROUPS_KEY, "list"] as const;
export const groupKey = (id: number) => [...CONTACT_GROUPS_KEY, "detail", id] as const;
export const groupContactsKey = (id: number) => [...CONTACT_GROUPS_KEY, "contacts", id] as const;
