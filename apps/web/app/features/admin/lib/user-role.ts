import { USER_ROLE } from "@sms/domain/roles";

/** The account's highest role, for its label. */
export function roleOf(roles: number[]): "admin" | "owner" | "user" {
  if (roles.includes(USER_ROLE.admin)) return "admin";
  return roles.includes(USER_ROLE.owner) ? "owner" : "user";
}
