import type { TAdminOrder } from "@sms/domain/contracts/orders";
import { adminOrdersEndpoints } from "@sms/domain/endpoints/orders";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "~/lib/api-client";
import { fetchBlob, saveBlob } from "~/lib/authorized-files";
import { i18next } from "~/lib/i18n";
import { adminOrder } from "../../../../test/factories";
import { AdminOrdersQueue } from "./admin-orders-queue";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
vi.mock("~/lib/authorized-files", async (original) => ({
  ...(await original<typeof import("~/lib/authorized-files")>()),
  fetchBlob: vi.fn(),
  saveBlob: vi.fn(),
}));
const call = vi.mocked(api.call);

const page = (entities: TAdminOrder[]) => ({
  data: {
    entities,
    page_information: { page: 1, size: 20, total_item: entities.length, total_pages: 1, limit: 5 },
  },
});

function renderQueue(url = "/en/admin/orders") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/en/admin/orders", element: <AdminOrdersQueue /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const callsTo = (endpoint: unknown) => call.mock.calls.filter(([e]) => e === endpoint);

beforeEach(async () => {
  await i18next.changeLanguage("en");
  call.mockImplementation((async (endpoint: unknown) => {
    if (endpoint === adminOrdersEndpoints.list) return page([adminOrder(5)]);
    if (endpoint === adminOrdersEndpoints.approve)
      return { data: adminOrder(5, { status: "approved", document_number: "RC2026-000001" }) };
    if (endpoint === adminOrdersEndpoints.reject) return { data: adminOrder(5, { status: "rejected" }) };
    throw new Error("unexpected call");
  }) as never);
});
afterEach(() => vi.clearAllMocks());

describe("AdminOrdersQueue", () => {
  it("shows waiting orders by default, and filters by status in the URL", async () => {
    const user = userEvent.setup();
    const router = renderQueue();
    expect(await screen.findByText("Buyer Co")).toBeInTheDocument();
    expect(callsTo(adminOrdersEndpoints.list)[0]?.[1]).toMatchObject({ query: { status: "waiting" } });
    await user.selectOptions(screen.getByTestId("status-filter"), "approved");
    await waitFor(() => expect(router.state.location.search).toContain("status=approved"));
    await waitFor(() =>
      expect(callsTo(adminOrdersEndpoints.list).at(-1)?.[1]).toMatchObject({ query: { status: "approved" } }),
    );
  });

  it("flags an order whose slip has the same content as other orders' (review I3)", async () => {
    call.mockImplementation((async (endpoint: unknown) => {
      if (endpoint === adminOrdersEndpoints.list)
        return page([adminOrder(5, { same_proof_orders: [3, 9] }), adminOrder(6)]);
      throw new Error("unexpected call");
    }) as never);
    renderQueue();
    expect(await screen.findByTestId("same-proof-5")).toHaveTextContent("The same slip backs orders #3, #9");
    expect(screen.queryByTestId("same-proof-6")).not.toBeInTheDocument();
  });

  it("searches by organization from the URL, as the organization's page links to it (D71)", async () => {
    renderQueue("/en/admin/orders?status=all&search=Acme+Widgets");
    expect(await screen.findByText("Buyer Co")).toBeInTheDocument();
    expect(callsTo(adminOrdersEndpoints.list)[0]?.[1]).toMatchObject({
      query: { status: "", search: "Acme Widgets" },
    });
    expect(screen.getByRole("searchbox", { name: /Search/ })).toHaveValue("Acme Widgets");
  });

  it("approves only after the confirmation", async () => {
    const user = userEvent.setup();
    renderQueue();
    await user.click(await screen.findByTestId("approve-5"));
    const dialog = await screen.findByTestId("approve-dialog");
    expect(dialog).toHaveTextContent("1,500 credits will be added to Buyer Co");
    expect(callsTo(adminOrdersEndpoints.approve)).toHaveLength(0);
    await user.click(within(dialog).getByTestId("approve-confirm"));
    await waitFor(() => expect(callsTo(adminOrdersEndpoints.approve)).toHaveLength(1));
    expect(callsTo(adminOrdersEndpoints.approve)[0]?.[1]).toEqual({ params: { id: 5 } });
    await waitFor(() => expect(screen.queryByTestId("approve-dialog")).not.toBeInTheDocument());
  });

  it("does not reject without a reason, then sends the reason", async () => {
    const user = userEvent.setup();
    renderQueue();
    await user.click(await screen.findByTestId("reject-5"));
    const dialog = await screen.findByTestId("reject-dialog");
    await user.click(within(dialog).getByTestId("reject-confirm"));
    expect(
      await within(dialog).findByText(/Please give the reason the customer will read\./),
    ).toBeInTheDocument();
    expect(callsTo(adminOrdersEndpoints.reject)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Reason/), "The slip shows 800 baht.");
    await user.click(within(dialog).getByTestId("reject-confirm"));
    await waitFor(() => expect(callsTo(adminOrdersEndpoints.reject)).toHaveLength(1));
    expect(callsTo(adminOrdersEndpoints.reject)[0]?.[1]).toEqual({
      params: { id: 5 },
      body: { reason: "The slip shows 800 baht." },
    });
  });
});

describe("what staff check before and after approving (review D19)", () => {
  const company = adminOrder(6, {
    buyer_type: "juristic",
    buyer_name: "Manee Trading Co., Ltd.",
    buyer_tax_id: "0105556000009",
    buyer_branch: "00000",
    buyer_address: "1 Silom Road, Bangkok 10500",
    sub_total_satang: 600_000,
    vat_satang: 42_000,
    withholding_tax_satang: 18_000,
    total_satang: 624_000,
    status: "approved",
    status_label: "approved",
    document_number: "RC2026-000001",
    wht_certificate_file_id: "9d2f0a43-1c7e-4b8a-8f3e-2a6b5c4d3e21",
  });

  beforeEach(() => {
    call.mockImplementation((async (endpoint: unknown) => {
      if (endpoint === adminOrdersEndpoints.list) return page([company, adminOrder(5)]);
      throw new Error("unexpected call");
    }) as never);
  });

  it("splits the amount as the tax invoice does and shows the invoice address", async () => {
    renderQueue("/en/admin/orders?status=all");
    const amount = await screen.findByTestId("amount-6");
    const lines = within(amount)
      .getAllByRole("term")
      .map((term) => term.parentElement?.textContent);
    expect(lines).toEqual([
      "Sub total6,000.00",
      "VAT 7%420.00",
      "Total incl. VAT6,420.00",
      "Less withholding tax 3%-180.00",
      "Total to transfer6,240.00 THB",
    ]);
    // An individual's order has no withholding lines.
    expect(screen.getByTestId("amount-5")).not.toHaveTextContent("withholding");
    expect(screen.getByTestId("address-6")).toHaveTextContent("1 Silom Road, Bangkok 10500");
    expect(screen.getByTestId("admin-wht-6")).toHaveTextContent("WHT certificate (50 Tawi)");
  });

  it("opens the issued receipt through the staff's receipt route", async () => {
    const pdf = new Blob(["%PDF"], { type: "application/pdf" });
    vi.mocked(fetchBlob).mockResolvedValue(pdf);
    const user = userEvent.setup();
    renderQueue("/en/admin/orders?status=all");
    await user.click(await screen.findByTestId("admin-receipt-th-6"));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(pdf, "RC2026-000001-th.pdf"));
    expect(fetchBlob).toHaveBeenCalledWith("/admin/orders/6/receipt?lang=th", "en");
    expect(screen.queryByTestId("admin-receipt-th-5")).not.toBeInTheDocument();
  });
});
