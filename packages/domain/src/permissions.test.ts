import { describe, expect, it } from "vitest";
import { UPLOAD_KIND_NAMES } from "./contracts/files.ts";
import {
  BLOCKED_WHILE_SUSPENDED,
  MEMBER_ACTIONS,
  MEMBER_PERMISSIONS,
  memberCan,
  memberMayReadUpload,
  UPLOAD_READ_RIGHTS,
  UPLOAD_RIGHTS,
} from "./permissions.ts";
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
      "orders.view",
      "orders.certificates",
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

  it("lets only owner and account service see orders, receipts and payment slips, also while suspended", () => {
    expect(MEMBER_PERMISSIONS["orders.view"]).toEqual(MEMBER_PERMISSIONS["credits.buy"]);
    expect(memberCan(MEMBER_ROLE.member, "orders.view")).toBe(false);
    expect(BLOCKED_WHILE_SUSPENDED).not.toContain("orders.view");
  });

  it("lets the roles that buy attach a 50 ทวิ certificate, also while suspended (review D14)", () => {
    expect(MEMBER_PERMISSIONS["orders.certificates"]).toEqual(MEMBER_PERMISSIONS["credits.buy"]);
    expect(BLOCKED_WHILE_SUSPENDED).not.toContain("orders.certificates");
    expect(UPLOAD_RIGHTS.withholding_certificate).toBe("orders.certificates");
    expect(memberMayReadUpload(MEMBER_ROLE.member, "withholding_certificate", true)).toBe(false);
  });

  it("reads uploads back by the right their kind needs (S4-11)", () => {
    const { member, accountService, owner } = MEMBER_ROLE;
    expect(Object.keys(UPLOAD_READ_RIGHTS).sort()).toEqual([...UPLOAD_KIND_NAMES].sort());
    expect(Object.keys(UPLOAD_RIGHTS).sort()).toEqual([...UPLOAD_KIND_NAMES].sort());
    const readable = (role: number, own: boolean) =>
      UPLOAD_KIND_NAMES.filter((kind) => memberMayReadUpload(role, kind, own));
    expect(readable(owner, false).sort()).toEqual([...UPLOAD_KIND_NAMES].sort());
    expect(readable(accountService, false).sort()).toEqual([...UPLOAD_KIND_NAMES].sort());
    expect(readable(member, false)).toEqual(["contact_import"]);
    expect(readable(member, true)).toEqual(["contact_import", "file_campaign"]);
    expect(memberMayReadUpload(owner, "unknown_kind", true)).toBe(false);
    expect(memberMayReadUpload(0, "contact_import", true)).toBe(false);
  });
});
