import type { TAdminOrganizationDetail } from "@sms/domain/contracts/admin";
import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { OrganizationDetail } from "./organization-detail";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
const call = vi.mocked(api.call);

const organization = (overrides: Partial<TAdminOrganizationDetail> = {}): TAdminOrganizationDetail => ({
  id: 7,
  name: "Acme Widgets",
  owner: { id: 3, name: "Somchai Jaidee", email: "somchai@example.com", phone_number: "66812345678" },
  credits: 500,
  credit_expired_on: "2027-05-23T16:59:59.000Z",
  members_count: 1,
  suspension: null,
  created_at: "2026-01-02T03:00:00.000Z",
  credit_trial_redeemed_at: null,
  members: [
    {
      member_id: 11,
      id: 3,
      name: "Somchai Jaidee",
      email: "somchai@example.com",
      phone_number: "66812345678",
      role: 100,
      joined_at: "2026-01-02T03:00:00.000Z",
    },
  ],
  recent_credit_entries: [
    {
      id: 90,
      type: "earned",
      credits: 500,
      balance_after: 500,
      reason: "Package Starter bought",
      reference: "order:4",
      subject: { kind: "order", id: 4, label: "Order #4" },
      created_at: "2026-02-01T03:00:00.000Z",
    },
  ],
  ...overrides,
});

function renderDetail(id = 7) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: "/en/admin/organizations/7", element: <OrganizationDetail id={id} /> }],
    {
      initialEntries: ["/en/admin/organizations/7"],
    },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("OrganizationDetail", () => {
  beforeEach(async () => {
    call.mockReset();
    await i18next.changeLanguage("en");
  });
  afterEach(() => i18next.changeLanguage("th"));

  it("shows the balance, members and latest credit entries", async () => {
    call.mockResolvedValue({ data: organization() } as never);
    renderDetail();
    expect(await screen.findByRole("heading", { name: "Acme Widgets" })).toBeInTheDocument();
    expect(screen.getByTestId("organization-balance")).toHaveTextContent("500");
    const members = screen.getByRole("table", { name: "Members of the organization" });
    expect(within(members).getByText("Owner")).toBeInTheDocument();
    const entries = screen.getByRole("table", { name: "Latest credit entries" });
    expect(within(entries).getByText("Package Starter bought")).toBeInTheDocument();
    expect(within(entries).getByText("+500")).toBeInTheDocument();
    // Its orders and sender names in the queues, searched for it (review D71).
    expect(screen.getByTestId("organization-orders-link")).toHaveAttribute(
      "href",
      "/en/admin/orders?status=all&search=Acme+Widgets",
    );
    expect(screen.getByTestId("organization-senders-link")).toHaveAttribute(
      "href",
      "/en/admin/senders?status=all&search=Acme+Widgets",
    );
  });

  it("says so when the organization does not exist", async () => {
    call.mockRejectedValue(new ApiError(404, "NOT_FOUND", "Not found"));
    renderDetail();
    expect(await screen.findByRole("alert")).toHaveTextContent("Not found: it may have been removed.");
  });

  it("does not ask for an id no organization can have", async () => {
    renderDetail(0);
    expect(await screen.findByRole("alert")).toHaveTextContent("Not found: it may have been removed.");
    expect(call).not.toHaveBeenCalled();
  });

  it("takes credits only after a review, with one request key, and shows the ledger's refusal", async () => {
    const user = userEvent.setup();
    call.mockResolvedValue({ data: organization() } as never);
    renderDetail();
    await user.click(await screen.findByTestId("adjust-credits"));
    const dialog = await screen.findByRole("dialog", { name: "Adjust credits of Acme Widgets" });
    await user.click(within(dialog).getByRole("button", { name: "Review" }));
    expect(
      await within(dialog).findByText(/Please enter a whole number of credits from 1\./),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/Please give a reason\./)).toBeInTheDocument();

    await user.click(within(dialog).getByRole("radio", { name: "Take credits" }));
    await user.type(within(dialog).getByTestId("adjust-amount"), "600");
    await user.type(within(dialog).getByTestId("adjust-reason"), "Duplicate grant");
    await user.click(within(dialog).getByRole("button", { name: "Review" }));
    const review = await screen.findByRole("alertdialog", { name: "Confirm the adjustment" });
    expect(review).toHaveTextContent("Take 600 credits from Acme Widgets?");
    expect(review).toHaveTextContent("Balance 500 → -100");

    call.mockRejectedValueOnce(new ApiError(402, "INSUFFICIENT_CREDITS", "Not enough credits."));
    await user.click(within(review).getByTestId("confirm"));
    expect(await within(review).findByRole("alert")).toHaveTextContent("Not enough credits.");
    type AdjustCall = { body: { credits: number; reason: string; idempotency_key: string } };
    const adjustBodies = () =>
      call.mock.calls
        .filter(([endpoint]) => endpoint === adminEndpoints.adjustCredits)
        .map(([, options]) => (options as unknown as AdjustCall).body);
    expect(adjustBodies()).toHaveLength(1);
    const [body] = adjustBodies();
    expect(body).toMatchObject({ credits: -600, reason: "Duplicate grant" });
    expect(body?.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);

    call.mockResolvedValueOnce({ data: { entry: {}, balance: 400 } } as never);
    await user.click(within(review).getByTestId("confirm"));
    // A retry of the same adjustment carries the same key, so the server adds it once.
    expect(adjustBodies().map((b) => b.idempotency_key)).toEqual([
      body?.idempotency_key,
      body?.idempotency_key,
    ]);
  });

  it("suspends after a review, and offers reinstatement of a suspended organization", async () => {
    const user = userEvent.setup();
    call.mockResolvedValue({ data: organization() } as never);
    renderDetail();
    await user.click(await screen.findByTestId("suspend"));
    const dialog = await screen.findByRole("dialog", { name: "Suspend Acme Widgets" });
    await user.selectOptions(within(dialog).getByTestId("suspend-days"), "3");
    await user.type(within(dialog).getByTestId("suspend-reason"), "Suspected phishing");
    await user.click(within(dialog).getByRole("button", { name: "Review" }));
    const review = await screen.findByRole("alertdialog", { name: "Confirm the suspension" });
    expect(review).toHaveTextContent("Suspend Acme Widgets for 3 days");

    const suspended = organization({
      suspension: {
        since: "2026-11-23T03:00:00.000Z",
        until: "2026-11-26T03:00:00.000Z",
        reason: "Suspected phishing",
      },
    });
    call.mockResolvedValue({ data: suspended } as never);
    await user.click(within(review).getByTestId("confirm"));
    const suspendCall = call.mock.calls.find(([endpoint]) => endpoint === adminEndpoints.suspendOrganization);
    expect(suspendCall?.[1]).toEqual({ params: { id: 7 }, body: { days: 3, reason: "Suspected phishing" } });
    expect(await screen.findByTestId("reinstate")).toBeInTheDocument();
    expect(screen.getByText(/Suspended until .*Reason: Suspected phishing/)).toBeInTheDocument();
  });
});
