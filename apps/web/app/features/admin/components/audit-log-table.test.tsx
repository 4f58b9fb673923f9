import { AUDIT_ACTION, type TAuditLogEntry } from "@sms/domain/contracts/admin";
import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18next } from "~/lib/i18n";
import { page } from "../../../../test/factories";
import { mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { AuditLogTable } from "./audit-log-table";

const entry = (overrides: Partial<TAuditLogEntry>): TAuditLogEntry => ({
  id: 1,
  actor: { id: 1, name: "Staff One", email: "staff@example.com" },
  action: "orders.approve",
  target_type: "order",
  target_id: "12",
  target_name: "#12 (Acme Widgets)",
  target_organization_id: 7,
  before: null,
  after: null,
  reason: null,
  created_at: "2026-11-20T03:00:00.000Z",
  ...overrides,
});

function renderLog(entities: TAuditLogEntry[]) {
  mockEndpoint(adminEndpoints.listAuditLog, page(entities, { size: 20 }));
  return renderApp(<AuditLogTable />, { path: "/en/admin/audit" });
}

describe("AuditLogTable", () => {
  it("words every action the server records, in both languages", () => {
    for (const lng of ["en", "th"]) {
      for (const action of Object.values(AUDIT_ACTION)) {
        const key = `audit.action.${action.replace(/\./g, "_")}`;
        expect({ lng, action, exists: i18next.exists(key, { ns: "admin", lng }) }).toEqual({
          lng,
          action,
          exists: true,
        });
      }
    }
  });

  it("shows worded actions and named targets linked to their page, never raw keys", async () => {
    await renderLog([
      entry({
        id: 1,
        action: "senders.approve",
        target_type: "sender",
        target_id: "2",
        target_name: "ACME (Acme Widgets)",
      }),
      entry({
        id: 2,
        action: "users.unlock",
        target_type: "user",
        target_id: "5",
        target_name: "Somchai Jaidee",
        target_organization_id: null,
      }),
      entry({
        id: 3,
        action: "settings.tnc_version",
        target_type: "configuration",
        target_id: "tnc_version",
        target_name: null,
        target_organization_id: null,
      }),
    ]);
    const table = await screen.findByRole("table", { name: "Audit log" });
    expect(await within(table).findByText("Sender name approved")).toBeInTheDocument();
    expect(within(table).getByRole("link", { name: "ACME (Acme Widgets)" })).toHaveAttribute(
      "href",
      "/en/admin/organizations/7",
    );
    expect(within(table).getByRole("link", { name: "Somchai Jaidee" })).toHaveAttribute(
      "href",
      "/en/admin/users/5",
    );
    expect(within(table).getByRole("link", { name: "Terms version" })).toHaveAttribute(
      "href",
      "/en/admin/settings",
    );
    expect(table).not.toHaveTextContent("senders.approve");
    expect(table).not.toHaveTextContent("sender:2");
  });
});
