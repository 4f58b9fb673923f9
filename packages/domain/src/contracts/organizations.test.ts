import { describe, expect, it } from "vitest";
import {
  ZAddMemberRequest,
  ZCreditHistoryQuery,
  ZOrganizationsListQuery,
  ZRenameOrganizationRequest,
  ZSwitchOrganizationRequest,
} from "./organizations.ts";

const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe("organization contracts", () => {
  it("takes a member role as a number or a select's text, and only 1, 2 or 100", () => {
    expect(ZAddMemberRequest.parse({ email: " A@Example.com ", role: "100" })).toEqual({
      email: "A@Example.com",
      role: 100,
    });
    expect(ZAddMemberRequest.parse({ email: "a@example.com", role: 2 }).role).toBe(2);
    for (const role of [0, 3, 10, 1000, "owner", null, undefined]) {
      expect(issues(ZAddMemberRequest.safeParse({ email: "a@example.com", role })), String(role)).toEqual([
        "validation.member_role_invalid",
      ]);
    }
  });

  it("strips every field but the ones a caller may set (mass assignment)", () => {
    expect(ZRenameOrganizationRequest.parse({ name: "Acme", owner_id: 9, credits: 1e6, id: 4 })).toEqual({
      name: "Acme",
    });
    expect(
      ZAddMemberRequest.parse({ email: "a@example.com", role: 1, organization_id: 9, user_id: 3 }),
    ).toEqual({ email: "a@example.com", role: 1 });
    expect(ZSwitchOrganizationRequest.parse({ organization_id: "12", role: 100 })).toEqual({
      organization_id: 12,
    });
  });

  it("names an organization with 1 to 100 characters and no markup", () => {
    expect(issues(ZRenameOrganizationRequest.safeParse({ name: "  " }))).toEqual([
      "validation.organization_name_required",
    ]);
    expect(issues(ZRenameOrganizationRequest.safeParse({ name: "x".repeat(101) }))).toEqual([
      "validation.organization_name_too_long",
    ]);
    expect(issues(ZRenameOrganizationRequest.safeParse({ name: "<script>" }))).toEqual([
      "validation.organization_name_markup",
    ]);
  });

  it("refuses an organization name that carries a link or a domain (review S4-9)", () => {
    for (const name of [
      "Your SCB account is locked - verify at http://scb-verify.example",
      "scb-verify.example",
      "www.scb-verify",
    ]) {
      expect(issues(ZRenameOrganizationRequest.safeParse({ name })), name).toEqual([
        "validation.organization_name_link",
      ]);
    }
    expect(ZRenameOrganizationRequest.parse({ name: " Alpha Co.,Ltd. " })).toEqual({
      name: "Alpha Co.,Ltd.",
    });
  });

  it("reads the switch list query of spec §7 and refuses more than 100 rows", () => {
    expect(ZOrganizationsListQuery.parse({ page: "1", reverse: "false", sort: "id", size: "100" })).toEqual({
      page: 1,
      size: 100,
      sort: "id",
      reverse: false,
    });
    expect(ZOrganizationsListQuery.safeParse({ size: "101" }).success).toBe(false);
  });

  it("reads the credit history over the last 30 days unless a period is given", () => {
    const parsed = ZCreditHistoryQuery.parse({});
    expect(parsed.sort).toBe("created_at");
    expect(parsed.reverse).toBe(true);
    expect(parsed.range.days).toBe(30);
    expect(parsed.range.end.getTime()).toBeGreaterThan(Date.now());
    const given = ZCreditHistoryQuery.parse({ start: "2026-01-01", end: "2026-01-31", type: "earned" });
    expect(given.range.days).toBe(31);
    expect(given.type).toBe("earned");
    expect(ZCreditHistoryQuery.safeParse({ type: "gift" }).success).toBe(false);
    expect(ZCreditHistoryQuery.safeParse({ start: "2024-01-01", end: "2025-12-31" }).success).toBe(false);
  });
});
