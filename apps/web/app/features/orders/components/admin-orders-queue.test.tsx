import type { TAdminOrder } from "@sms/domain/contracts/orders";
import { adminOrdersEndpoints } from "@sms/domain/endpoints/orders";
import { receiptsEndpoints } from "@sms/domain/endpoints/receipts";
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveBlob } from "~/lib/authorized-files";
import { adminOrder, page } from "../../../../test/factories";
import { type MockedEndpoint, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { AdminOrdersQueue } from "./admin-orders-queue";

// The download goes through MSW; only saving it (a link the browser clicks) is replaced.
vi.mock("~/lib/authorized-files", async (original) => ({
  ...(await original<typeof import("~/lib/authorized-files")>()),
  saveBlob: vi.fn(),
}));

const listOf = (entities: TAdminOrder[]) => page(entities, { size: 20 });

const renderQueue = (url = "/en/admin/orders") =>
  renderApp(<AdminOrdersQueue />, { path: url, pattern: "/en/admin/orders" });

let list: MockedEndpoint<typeof adminOrdersEndpoints.list>;
let approve: MockedEndpoint<typeof adminOrdersEndpoints.approve>;
let reject: MockedEndpoint<typeof adminOrdersEndpoints.reject>;

beforeEach(() => {
  list = mockEndpoint(adminOrdersEndpoints.list, listOf([adminOrder(5)]));
  approve = mockEndpoint(adminOrdersEndpoints.approve, {
    data: adminOrder(5, { status: "approved", document_number: "RC2026-000001" }),
  });
  reject = mockEndpoint(adminOrdersEndpoints.reject, { data: adminOrder(5, { status: "rejected" }) });
});
afterEach(() => vi.clearAllMocks());

describe("AdminOrdersQueue", () => {
  it("shows waiting orders by default, and filters by status in the URL", async () => {
    const { user, router } = await renderQueue();
    expect(await screen.findByText("Buyer Co")).toBeInTheDocument();
    expect(list.calls[0]?.search).toMatchObject({ status: "waiting" });
    await user.selectOptions(screen.getByTestId("status-filter"), "approved");
    await waitFor(() => expect(router.state.location.search).toContain("status=approved"));
    await waitFor(() => expect(list.lastCall?.search).toMatchObject({ status: "approved" }));
  });

  it("flags an order whose slip has the same content as other orders' (review I3)", async () => {
    mockEndpoint(
      adminOrdersEndpoints.list,
      listOf([adminOrder(5, { same_proof_orders: [3, 9] }), adminOrder(6)]),
    );
    await renderQueue();
    expect(await screen.findByTestId("same-proof-5")).toHaveTextContent("The same slip backs orders #3, #9");
    expect(screen.queryByTestId("same-proof-6")).not.toBeInTheDocument();
  });

  it("searches by organization from the URL, as the organization's page links to it (D71)", async () => {
    await renderQueue("/en/admin/orders?status=all&search=Acme+Widgets");
    expect(await screen.findByText("Buyer Co")).toBeInTheDocument();
    expect(list.calls[0]?.search).toMatchObject({ status: "", search: "Acme Widgets" });
    expect(screen.getByRole("searchbox", { name: /Search/ })).toHaveValue("Acme Widgets");
  });

  it("approves only after the confirmation", async () => {
    const { user } = await renderQueue();
    await user.click(await screen.findByTestId("approve-5"));
    const dialog = await screen.findByTestId("approve-dialog");
    expect(dialog).toHaveTextContent("1,500 credits will be added to Buyer Co");
    expect(approve.calls).toHaveLength(0);
    await user.click(within(dialog).getByTestId("approve-confirm"));
    await waitFor(() => expect(approve.calls).toHaveLength(1));
    expect(approve.calls[0]?.params).toEqual({ id: 5 });
    await waitFor(() => expect(screen.queryByTestId("approve-dialog")).not.toBeInTheDocument());
  });

  it("does not reject without a reason, then sends the reason", async () => {
    const { user } = await renderQueue();
    await user.click(await screen.findByTestId("reject-5"));
    const dialog = await screen.findByTestId("reject-dialog");
    await user.click(within(dialog).getByTestId("reject-confirm"));
    expect(
      await within(dialog).findByText(/Please give the reason the customer will read\./),
    ).toBeInTheDocument();
    expect(reject.calls).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Reason/), "The slip shows 800 baht.");
    await user.click(within(dialog).getByTestId("reject-confirm"));
    await waitFor(() => expect(reject.calls).toHaveLength(1));
    expect(reject.calls.map(({ params, body }) => ({ params, body }))).toEqual([
      { params: { id: 5 }, body: { reason: "The slip shows 800 baht." } },
    ]);
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
    mockEndpoint(adminOrdersEndpoints.list, listOf([company, adminOrder(5)]));
  });

  it("splits the amount as the tax invoice does and shows the invoice address", async () => {
    await renderQueue("/en/admin/orders?status=all");
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
    const receipt = mockEndpoint(
      receiptsEndpoints.adminDownload,
      new HttpResponse("%PDF", { headers: { "Content-Type": "application/pdf" } }),
    );
    const { user } = await renderQueue("/en/admin/orders?status=all");
    await user.click(await screen.findByTestId("admin-receipt-th-6"));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.anything(), "RC2026-000001-th.pdf"));
    const saved = vi.mocked(saveBlob).mock.calls[0]?.[0] as Blob;
    expect([saved.type, await saved.text()]).toEqual(["application/pdf", "%PDF"]);
    expect(receipt.calls.map((call) => [call.params, call.search])).toEqual([[{ id: 6 }, { lang: "th" }]]);
    expect(receipt.lastCall?.request.headers.get("Accept-Language")).toBe("en");
    expect(screen.queryByTestId("admin-receipt-th-5")).not.toBeInTheDocument();
  });
});
