/** TanStack Query keys of the API request log and test console. */
export const API_LOGS_KEY = ["api-logs"] as const;
export const API_LOGS_LIST_KEY = [...API_LOGS_KEY, "list"] as const;
export const apiLogKeysKey = (organizationId: number) => [...API_LOGS_KEY, "keys", organizationId] as const;
