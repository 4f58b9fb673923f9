import type { TOrder } from "@sms/domain/contracts/orders";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { waitingOrder } from "../lib/test-orders";
import { OrdersTable } from "./orders-table";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
const call = vi.mocked(api.call);

function renderTable() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/en/orders", element: <OrdersTable /> }], {
    initialEntries: ["/en/orders"],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18next.changeLanguage("en");
  const entities: TOrder[] = [
    { ...waitingOrder, id: 3, status: "rejected", status_label: "rejected", reject_reason: "Wrong amount" },
    {
      ...waitingOrder,
      id: 2,
      status: "approved",
      status_label: "approved",
      document_number: "RC2026-000007",
    },
    waitingOrder,
  ];
  call.mockResolvedValue({
    data: { entities, page_information: { page: 1, size: 10, total_item: 3, total_pages: 1, limit: 5 } },
  } as never);
});
afterEach(() => vi.clearAllMocks());

describe("OrdersTable", () => {
  it("shows each order's credit, price and status: checking while waiting, the reason when rejected", async () => {
    renderTable();
    await screen.findByText("Reason: Wrong amount");
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent("Rejected");
    expect(rows[0]).toHaveTextContent("Reason: Wrong amount");
    expect(rows[1]).toHaveTextContent("Approved");
    expect(rows[2]).toHaveTextContent("Checking");
    expect(rows[2]).toHaveTextContent("1,500");
    expect(rows[2]).toHaveTextContent("854.93 THB");
  });

  it("offers the proof for every order and the receipts only for an approved one", async () => {
    renderTable();
    await screen.findByText("Reason: Wrong amount");
    const rows = screen.getAllByRole("row").slice(1);
    for (const row of rows)
      expect(within(row).getByRole("button", { name: "Proof of payment" })).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByTestId("receipt-th-2")).toHaveTextContent("Receipt (Thai)");
    expect(within(rows[1] as HTMLElement).getByTestId("receipt-en-2")).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).queryByTestId("receipt-th-3")).not.toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).queryByTestId("receipt-th-1")).not.toBeInTheDocument();
  });
});
