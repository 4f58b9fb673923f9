/** TanStack Query keys of the API keys feature. */
export const API_KEYS_KEY = ["api-keys"] as const;
export const apiKeysKey = (organizationId: number) => [...API_KEYS_KEY, "keys", organizationId] as const;
export const accessKey = (organizationId: number) => [...API_KEYS_KEY, "access", organizationId] as const;
export const WHITELIST_LIST_KEY = [...API_KEYS_KEY, "whitelist"] as const;
export const CALLER_ADDRESS_KEY = [...API_KEYS_KEY, "caller-address"] as const;
