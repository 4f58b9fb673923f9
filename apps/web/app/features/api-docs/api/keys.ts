/** TanStack Query keys of the API docs feature. */
export const API_DOCS_KEY = ["api-docs"] as const;
export const OPENAPI_KEY = [...API_DOCS_KEY, "openapi"] as const;
export const docsApiKeysKey = (organizationId: number) =>
  [...API_DOCS_KEY, "api-keys", organizationId] as const;
export const docsMemberRoleKey = (organizationId: number) =>
  [...API_DOCS_KEY, "member-role", organizationId] as const;
