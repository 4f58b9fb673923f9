/** TanStack Query keys of the settings feature. */
export const SETTINGS_KEY = ["settings"] as const;
export const alertSettingsKey = (organizationId: number) =>
  [...SETTINGS_KEY, "alerts", organizationId] as const;
export const settingsAccessKey = (organizationId: number) =>
  [...SETTINGS_KEY, "access", organizationId] as const;
