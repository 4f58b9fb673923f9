/** TanStack Query keys of the inbox: one invalidation of a root refreshes every page under it. */
export const CONVERSATIONS_KEY = ["inbox", "conversations"] as const;
export const conversationsListKey = [...CONVERSATIONS_KEY, "list"] as const;
export const RULES_KEY = ["inbox", "rules"] as const;
export const SETTINGS_KEY = ["inbox", "settings"] as const;
