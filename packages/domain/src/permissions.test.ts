import { describe, expect, it } from "vitest";
import { BLOCKED_WHILE_SUSPENDED, MEMBER_ACTIONS, MEMBER_PERMISSIONS, memberCan } from "./permissions.ts";
import { MEMBER_ROLE } from "./roles.ts";

describe("member permissions", () => {
  it("decides every action for every role, and the owner may do everything", () => {
    expect(Object.keys(MEMBER_PERMISSIONS).sort()).toEqual([...MEMBER_ACTIONS].sort());
    for (const action of MEMBER_ACTIONS) expect(memberCan(MEMBER_ROLE.owner, action)).toBe(true);
  });

  it("follows the issue's defaults for Account Service and Member", () => {
    const allowed = (role: number) => MEMBER_ACTIONS.filter((a) => memberCan(role, a));
    expect(allowed(MEMBER_ROLE.accountService)).toEqual([
      "organization.view",
      "credits.buy",
      "messages.send",
      "refunds.claim",
      "contacts.manage",
      "senders.manage",
      "templates.manage",
      "reports.all",
      "reports.own",
      "settings.manage",
    ]);
    expect(allowed(MEMBER_ROLE.member)).toEqual([
      "organization.view",
      "messages.send",
      "refunds.claim",
      "contacts.manage",
      "templates.manage",
      "reports.own",
    ]);
  });

  it("refuses unknown roles, and blocks only spending and API actions while suspended", () => {
    for (const action of MEMBER_ACTIONS) expect(memberCan(0, action)).toBe(false);
    expect(memberCan(1000, "organization.view")).toBe(false);
    expect([...BLOCKED_WHILE_SUSPENDED].sort()).toEqual(["api-keys.manage", "credits.buy", "messages.send"]);
  });
});
