/** TanStack Query keys of the back office; a change invalidates the lists it shows in. */
export const ADMIN_USERS_KEY = ["admin", "users"] as const;
export const ADMIN_ORGANIZATIONS_KEY = ["admin", "organizations"] as const;
export const adminOrganizationKey = (id: number) => ["admin", "organization", id] as const;
export const ADMIN_PACKAGES_KEY = ["admin", "packages"] as const;
export const ADMIN_SETTINGS_KEY = ["admin", "settings"] as const;
export const ADMIN_HOLIDAYS_KEY = ["admin", "holidays"] as const;
export const ADMIN_AUDIT_KEY = ["admin", "audit-log"] as const;
export const adminUserKey = (id: number) => ["admin", "user", id] as const;
export const ADMIN_SUMMARY_KEY = ["admin", "summary"] as const;
export const ADMIN_SMSC_CONNECTIONS_KEY = ["admin", "smsc-connections"] as const;
export const ADMIN_SMSC_ROUTES_KEY = ["admin", "smsc-routes"] as const;
export const ADMIN_OPERATOR_RANGES_KEY = ["admin", "operator-ranges"] as const;
export const ADMIN_OTP_DENY_RANGES_KEY = ["admin", "otp-deny-ranges"] as const;
