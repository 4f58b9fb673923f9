import type { TAdminSender } from "@sms/domain/contracts/senders";
import { adminSendersEndpoints } from "@sms/domain/endpoints/senders";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { adminSender } from "../lib/test-senders";
import { AdminSendersQueue } from "./admin-senders-queue";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
const call = vi.mocked(api.call);

const page = (entities: TAdminSender[]) => ({
  data: {
    entities,
    page_information: { page: 1, size: 20, total_item: entities.length, total_pages: 1, limit: 5 },
  },
});

function renderQueue(url = "/en/admin/senders") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/en/admin/senders", element: <AdminSendersQueue /> }], {
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
const website = adminSender(6, {
  evidence_type: "website",
  evidence_url: "https://shop.example.com",
  evidence_files: [],
  organization_name: "Web Co",
});

beforeEach(async () => {
  await i18next.changeLanguage("en");
  call.mockImplementation((async (endpoint: unknown) => {
    if (endpoint === adminSendersEndpoints.list) return page([adminSender(5), website]);
    if (endpoint === adminSendersEndpoints.approve) return { data: adminSender(5, { status: "approved" }) };
    if (endpoint === adminSendersEndpoints.block) return { data: adminSender(5, { status: "blocked" }) };
    throw new Error("unexpected call");
  }) as never);
});
afterEach(() => vi.clearAllMocks());

describe("AdminSendersQueue", () => {
  it("shows pending requests by default with the organization, requester and evidence", async () => {
    renderQueue();
    expect(await screen.findByText("Sender Co")).toBeInTheDocument();
    expect(callsTo(adminSendersEndpoints.list)[0]?.[1]).toMatchObject({ query: { status: "pending" } });
    const row = screen.getByText("Sender Co").closest("tr") as HTMLElement;
    expect(within(row).getByText("somchai@example.com")).toBeInTheDocument();
    expect(within(row).getByTestId("evidence-files")).toHaveTextContent("company.pdf2.5 MB");
    expect(screen.getByTestId("open-5b3c1f7e-8a4d-4c2b-9e1f-0a1b2c3d4e5f")).toBeInTheDocument();
    expect(screen.getByTestId("evidence-url")).toHaveAttribute("href", "https://shop.example.com");
  });

  it("filters by status and searches by organization or requester through the URL", async () => {
    const user = userEvent.setup();
    const router = renderQueue();
    await screen.findByText("Sender Co");
    await user.selectOptions(screen.getByTestId("status-filter"), "blocked");
    await waitFor(() => expect(router.state.location.search).toContain("status=blocked"));
    await user.type(screen.getByTestId("search"), "Web Co{Enter}");
    await waitFor(() => expect(router.state.location.search).toContain("search=Web+Co"));
    await waitFor(() =>
      expect(callsTo(adminSendersEndpoints.list).at(-1)?.[1]).toMatchObject({
        query: { status: "blocked", search: "Web Co" },
      }),
    );
  });

  it("approves after the confirmation, with the optional note", async () => {
    const user = userEvent.setup();
    renderQueue();
    await user.click(await screen.findByTestId("approve-5"));
    const dialog = await screen.findByTestId("approve-dialog");
    expect(dialog).toHaveTextContent("Sender Co will be able to send messages under Shop5.");
    expect(callsTo(adminSendersEndpoints.approve)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Note for the customer/), "Welcome");
    await user.click(within(dialog).getByTestId("approve-confirm"));
    await waitFor(() => expect(callsTo(adminSendersEndpoints.approve)).toHaveLength(1));
    expect(callsTo(adminSendersEndpoints.approve)[0]?.[1]).toEqual({
      params: { id: 5 },
      body: { note: "Welcome" },
    });
    await waitFor(() => expect(screen.queryByTestId("approve-dialog")).not.toBeInTheDocument());
  });

  it("does not block without a reason, then sends the reason", async () => {
    const user = userEvent.setup();
    renderQueue();
    await user.click(await screen.findByTestId("block-5"));
    const dialog = await screen.findByTestId("block-dialog");
    await user.click(within(dialog).getByTestId("block-confirm"));
    expect(
      await within(dialog).findByText(/Please give the reason the customer will read\./),
    ).toBeInTheDocument();
    expect(callsTo(adminSendersEndpoints.block)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Reason/), "The document is expired.");
    await user.click(within(dialog).getByTestId("block-confirm"));
    await waitFor(() => expect(callsTo(adminSendersEndpoints.block)).toHaveLength(1));
    expect(callsTo(adminSendersEndpoints.block)[0]?.[1]).toEqual({
      params: { id: 5 },
      body: { reason: "The document is expired." },
    });
  });

  it("keeps the dialog open with the server's message when another staff member decided first", async () => {
    const user = userEvent.setup();
    call.mockImplementation((async (endpoint: unknown) => {
      if (endpoint === adminSendersEndpoints.list) return page([adminSender(5)]);
      throw new ApiError(409, "CONFLICT", "This sender request has already been decided.");
    }) as never);
    renderQueue();
    await user.click(await screen.findByTestId("approve-5"));
    const dialog = await screen.findByTestId("approve-dialog");
    await user.click(within(dialog).getByTestId("approve-confirm"));
    expect(
      await within(dialog).findByText("This sender request has already been decided."),
    ).toBeInTheDocument();
  });
});
