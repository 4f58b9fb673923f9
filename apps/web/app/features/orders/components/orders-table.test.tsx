import type { TOrder } from "@sms/domain/contracts/orders";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { OrdersTable } from "./orders-table";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
const call = vi.mocked(api.call);

const base: TOrder = {
  id: 1,
  created_at: "2026-11-20T03:00:00.000Z",
  package_id: 1,
  package_name: "Starter",
  months: 1,
  credits: 1500,
  price: 854.93,
  sub_total_satang: 79_900,
  vat_satang: 5_593,
  withholding_tax_satang: 0,
  total_satang: 85_493,
  is_trial: false,
  buyer_type: "individual",
  buyer_name: "Somchai",
  buyer_tax_id: null,
  buyer_branch: null,
  buyer_address: null,
  status: "waiting",
  status_label: "checking",
  reject_reason: null,
  proof_file_id: "5b3c1f7e-8a4d-4c2b-9e1f-0a1b2c3d4e5f",
  document_number: null,
  decided_at: null,
};

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
    { ...base, id: 3, status: "rejected", status_label: "rejected", reject_reason: "Wrong amount" },
    { ...base, id: 2, status: "approved", status_label: "approved", document_number: "RC2026-000007" },
    base,
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
