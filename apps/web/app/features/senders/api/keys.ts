/** TanStack Query keys of the senders feature. */
export const SENDERS_QUERY_KEY = ["senders", "list"] as const;
export const senderQueryKey = (id: number) => ["senders", "one", id] as const;
export const ADMIN_SENDERS_QUERY_KEY = ["admin", "senders"] as const;
