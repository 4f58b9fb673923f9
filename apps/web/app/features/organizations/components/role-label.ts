import { MEMBER_ROLE } from "@sms/domain/roles";

/** The i18n key of a member role's name (spec §6). */
export function roleKey(role: number): "roles.owner" | "roles.accountService" | "roles.member" {
  if (role === MEMBER_ROLE.owner) return "roles.owner";
  if (role === MEMBER_ROLE.accountService) return "roles.accountService";
  return "roles.member";
}
