import type { TSender } from "@sms/domain/contracts/senders";
import { sendersEndpoints } from "@sms/domain/endpoints/senders";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { pendingSender } from "../lib/test-senders";
import { SendersTable } from "./senders-table";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
const call = vi.mocked(api.call);

const page = (entities: TSender[]) => ({
  data: {
    entities,
    page_information: { page: 1, size: 10, total_item: entities.length, total_pages: 1, limit: 5 },
  },
});

function renderTable(url = "/en/senders") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/en/senders", element: <SendersTable /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const shared = pendingSender(1, {
  name: "SMSPortal",
  status: "approved",
  shared: true,
  evidence_files: [],
  evidence_type: null,
});
const blocked = pendingSender(9, { status: "blocked", decision_reason: "The document is expired." });

beforeEach(async () => {
  await i18next.changeLanguage("en");
  call.mockResolvedValue(page([pendingSender(5), blocked, shared]) as never);
});
afterEach(() => vi.clearAllMocks());

describe("SendersTable", () => {
  it("shows each sender's status, the staff's reason, and marks the shared default", async () => {
    renderTable();
    const row = (await screen.findByTestId("sender-link-9")).closest("tr") as HTMLElement;
    expect(within(row).getByTestId("sender-status")).toHaveTextContent("Blocked");
    expect(within(row).getByText("The document is expired.")).toBeInTheDocument();
    const sharedRow = screen.getByTestId("sender-link-1").closest("tr") as HTMLElement;
    expect(within(sharedRow).getByTestId("shared-badge")).toHaveTextContent("Shared");
    expect(within(sharedRow).getByTestId("sender-status")).toHaveAttribute("data-status", "approved");
    expect(screen.getByTestId("sender-link-5")).toHaveAttribute("href", "/en/senders/5");
    expect(call.mock.calls[0]?.[0]).toBe(sendersEndpoints.list);
    expect(call.mock.calls[0]?.[1]).toMatchObject({
      query: { sort: "created_at", reverse: true, status: "" },
    });
  });

  it("filters by status through the URL", async () => {
    const user = userEvent.setup();
    const router = renderTable();
    await screen.findByTestId("sender-link-5");
    await user.selectOptions(screen.getByTestId("status-filter"), "approved");
    await waitFor(() => expect(router.state.location.search).toContain("status=approved"));
    await waitFor(() => expect(call.mock.calls.at(-1)?.[1]).toMatchObject({ query: { status: "approved" } }));
  });

  it("says when there is nothing yet", async () => {
    call.mockResolvedValueOnce(page([]) as never);
    renderTable();
    expect(await screen.findByText("No sender names yet.")).toBeInTheDocument();
  });

  it("shows the server's error with a retry", async () => {
    call.mockRejectedValue(new ApiError(500, "INTERNAL", "Something went wrong."));
    renderTable();
    expect(await screen.findByText(/Something went wrong\./)).toBeInTheDocument();
  });
});
