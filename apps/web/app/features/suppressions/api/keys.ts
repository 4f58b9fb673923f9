/** TanStack Query keys of the feature: one invalidation of SUPPRESSIONS_KEY refreshes every page of the list. */
export const SUPPRESSIONS_KEY = ["suppressions"] as const;
export const suppressionsListKey = [...SUPPRESSIONS_KEY, "list"] as const;
