import type { TAdminOrder } from "@sms/domain/contracts/orders";
import { adminOrdersEndpoints } from "@sms/domain/endpoints/orders";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { adminOrder } from "../lib/test-orders";
import { AdminOrdersQueue } from "./admin-orders-queue";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
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
