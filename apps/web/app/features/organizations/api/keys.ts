/** TanStack Query keys of the feature: a change invalidates everything under ORGANIZATIONS_KEY. */
export const ORGANIZATIONS_KEY = ["organizations"] as const;
export const organizationKey = (id: number) => [...ORGANIZATIONS_KEY, "detail", id] as const;
export const membersKey = (id: number) => [...ORGANIZATIONS_KEY, "members", id] as const;
export const creditHistoryKey = (id: number | "me") => [...ORGANIZATIONS_KEY, "credits", id] as const;
export const invitationsKey = (id: number) => [...ORGANIZATIONS_KEY, "invitations", id] as const;
/** The invitations waiting for the signed-in user (GET /c/me/invitations). */
export const myInvitationsKey = [...ORGANIZATIONS_KEY, "my-invitations"] as const;
