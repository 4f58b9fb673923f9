/** Spec §6 user roles; a user's first role is the one the app uses. */
export const USER_ROLE = { user: 1, owner: 10, admin: 1000 } as const;

/** Spec §6 organization member roles. */
export const MEMBER_ROLE = { member: 1, accountService: 2, owner: 100 } as const;
