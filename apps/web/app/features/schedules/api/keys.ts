/** TanStack Query keys of the schedules: every list page and schedule under one prefix. */
export const SCHEDULES_KEY = ["schedules"] as const;
export const SCHEDULES_LIST_KEY = [...SCHEDULES_KEY, "list"] as const;
export const scheduleKey = (id: number) => [...SCHEDULES_KEY, "schedule", id] as const;
