/** TanStack Query keys of the refunds feature: every list page under one prefix. */
export const REFUNDS_KEY = ["credit-refunds"] as const;
export const REFUNDS_LIST_KEY = [...REFUNDS_KEY, "list"] as const;
