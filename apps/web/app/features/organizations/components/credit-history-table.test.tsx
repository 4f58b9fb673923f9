import type { TCreditHistoryEntry } from "@sms/domain/contracts/organizations";
import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { CreditHistoryTable } from "./credit-history-table";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
const call = vi.mocked(api.call);

const entry = (
  id: number,
  type: TCreditHistoryEntry["type"],
  credits: number,
  balance: number,
): TCreditHistoryEntry => ({
  id,
  created_at: `2026-11-2${id}T03:00:00.000Z`,
  type,
  credits,
  balance_after: balance,
  reason: `Reason ${id}`,
  reference: id === 1 ? "order:1" : `campaign:${id + 3}`,
  subject:
    id === 1
      ? { kind: "order", id: 1, label: "Order #1" }
      : { kind: "campaign", id: id + 3, label: `Campaign Promo ${id}` },
  member: null,
});

function renderAt(path: string) {
  call.mockResolvedValue({
    data: {
      entities: [entry(3, "used", -50, 950), entry(2, "refunded", 20, 1000), entry(1, "earned", 980, 980)],
      page_information: { page: 1, size: 10, total_item: 3, total_pages: 1, limit: 5 },
    },
  } as never);
  const router = createMemoryRouter(
    [
      { path: "/:lang/reports/credits", element: <CreditHistoryTable organization="me" /> },
      { path: "/reports/credits", element: <CreditHistoryTable organization="me" /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(async () => {
  await i18next.changeLanguage("en");
});
afterEach(() => vi.clearAllMocks());

describe("CreditHistoryTable (/reports/credits)", () => {
  it("shows date-time, type, signed credits and the running balance, and sorts on the server", async () => {
    const router = renderAt("/en/reports/credits");
    const table = await screen.findByRole("table");
    await within(table).findAllByText("Reason 3");
    for (const name of ["Date and time", "Type", "Credits", "Balance"])
      expect(within(table).getByRole("columnheader", { name: new RegExp(name) })).toBeInTheDocument();
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent("Used");
    expect(rows[0]).toHaveTextContent("−50");
    expect(rows[0]).toHaveTextContent("950");
    expect(rows[1]).toHaveTextContent("+20");
    await userEvent.setup().click(within(table).getByRole("button", { name: /Credits/ }));
    await waitFor(() => expect(router.state.location.search).toContain("sort=credits"));
    await waitFor(() =>
      expect(call).toHaveBeenLastCalledWith(organizationsEndpoints.myCredits, {
        query: expect.objectContaining({ sort: "credits", reverse: false }),
      }),
    );
  });

  it("names each reference and links campaigns to their report and orders to the orders page (D54)", async () => {
    renderAt("/en/reports/credits");
    const table = await screen.findByRole("table");
    const campaign = await within(table).findByRole("link", { name: "Campaign Promo 3" });
    expect(campaign).toHaveAttribute("href", "/en/reports/campaigns/6");
    expect(within(table).getByRole("link", { name: "Order #1" })).toHaveAttribute("href", "/en/orders");
    expect(table).not.toHaveTextContent("campaign:6");
  });

  it("offers the period with times, in Thai", async () => {
    await i18next.changeLanguage("th");
    renderAt("/reports/credits?start=2026-11-01%2008:00&end=2026-11-02%2009:00");
    expect(await screen.findByRole("checkbox", { name: "ระบุเวลาด้วย" })).toBeChecked();
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(organizationsEndpoints.myCredits, {
        query: expect.objectContaining({ start: "2026-11-01 08:00", end: "2026-11-02 09:00" }),
      }),
    );
  });
});
