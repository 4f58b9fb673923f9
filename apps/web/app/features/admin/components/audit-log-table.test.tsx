import { AUDIT_ACTION, type TAuditLogEntry } from "@sms/domain/contracts/admin";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { AuditLogTable } from "./audit-log-table";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
const call = vi.mocked(api.call);

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
  call.mockResolvedValue({
    data: { entities, page_information: { page: 1, size: 20, total_item: entities.length, total_pages: 1 } },
  } as never);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/en/admin/audit", element: <AuditLogTable /> }], {
    initialEntries: ["/en/admin/audit"],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("AuditLogTable", () => {
  beforeEach(async () => {
    call.mockReset();
    await i18next.changeLanguage("en");
  });
  afterEach(() => i18next.changeLanguage("th"));

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
    renderLog([
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
