/** TanStack Query keys of the templates feature: every list page under one prefix. */
export const TEMPLATES_KEY = ["templates"] as const;
export const TEMPLATES_LIST_KEY = [...TEMPLATES_KEY, "list"] as const;
export const templateKey = (id: number) => [...TEMPLATES_KEY, "one", id] as const;
