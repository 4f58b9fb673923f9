import type { TAdminCreditEntry, TAdminOrganizationDetail } from "@sms/domain/contracts/admin";
import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { smppEndpoints } from "@sms/domain/endpoints/smpp";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { apiError, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { OrganizationDetail } from "./organization-detail";

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

const renderDetail = (id = 7) =>
  renderApp(<OrganizationDetail id={id} />, { path: "/en/admin/organizations/7" });

describe("OrganizationDetail", () => {
  beforeEach(() => {
    mockEndpoint(smppEndpoints.adminGet, { data: { window: 10, tps: 50, id_format: "decimal" } });
  });

  it("sets the organization's SMPP window, TPS and id format, explaining a bad value first", async () => {
    mockEndpoint(adminEndpoints.getOrganization, { data: organization() });
    const update = mockEndpoint(smppEndpoints.adminUpdate, ({ body }) => ({ data: body }));
    const { user } = await renderDetail();
    const form = await screen.findByTestId("smpp-settings-form");
    const windowInput = await within(form).findByRole("textbox", { name: "Window" });
    await waitFor(() => expect(windowInput).toHaveValue("10"));
    await user.clear(windowInput);
    await user.type(windowInput, "0");
    await user.click(within(form).getByRole("button", { name: "Save SMPP settings" }));
    expect(await within(form).findByTestId("field-error")).toHaveTextContent(
      "The window must be a whole number from 1 to 1,000.",
    );
    expect(update.calls).toHaveLength(0);
    await user.clear(windowInput);
    await user.type(windowInput, "40");
    const tps = within(form).getByRole("textbox", { name: "TPS (messages a second)" });
    await user.clear(tps);
    await user.type(tps, "200");
    await user.selectOptions(within(form).getByRole("combobox", { name: "Message id format" }), "hex");
    await user.click(within(form).getByRole("button", { name: "Save SMPP settings" }));
    await waitFor(() => expect(update.calls).toHaveLength(1));
    expect(update.calls[0]?.body).toEqual({ window: 40, tps: 200, id_format: "hex" });
    expect(update.calls[0]?.params).toEqual({ id: 7 });
  });

  it("shows the balance, members and latest credit entries", async () => {
    mockEndpoint(adminEndpoints.getOrganization, { data: organization() });
    await renderDetail();
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
    mockEndpoint(adminEndpoints.getOrganization, apiError(404, "NOT_FOUND", "Not found"));
    await renderDetail();
    expect(await screen.findByRole("alert")).toHaveTextContent("Not found: it may have been removed.");
  });

  it("does not ask for an id no organization can have", async () => {
    // No handler: a request would fail the test (test/setup.ts).
    await renderDetail(0);
    expect(await screen.findByRole("alert")).toHaveTextContent("Not found: it may have been removed.");
  });

  it("takes credits only after a review, with one request key, and shows the ledger's refusal", async () => {
    mockEndpoint(adminEndpoints.getOrganization, { data: organization() });
    let refusals = 1;
    const adjust = mockEndpoint(adminEndpoints.adjustCredits, () =>
      refusals-- > 0
        ? apiError(402, "INSUFFICIENT_CREDITS", "Not enough credits.")
        : { data: { entry: organization().recent_credit_entries[0] as TAdminCreditEntry, balance: 400 } },
    );
    const { user } = await renderDetail();
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

    await user.click(within(review).getByTestId("confirm"));
    expect(await within(review).findByRole("alert")).toHaveTextContent("Not enough credits.");
    const adjustBodies = () => adjust.calls.map((call) => call.body);
    expect(adjustBodies()).toHaveLength(1);
    const [body] = adjustBodies();
    expect(body).toMatchObject({ credits: -600, reason: "Duplicate grant" });
    expect(body?.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);

    await user.click(within(review).getByTestId("confirm"));
    // A retry of the same adjustment carries the same key, so the server adds it once.
    await waitFor(() => expect(adjustBodies()).toHaveLength(2));
    expect(adjustBodies().map((b) => b.idempotency_key)).toEqual([
      body?.idempotency_key,
      body?.idempotency_key,
    ]);
  });

  it("suspends after a review, and offers reinstatement of a suspended organization", async () => {
    mockEndpoint(adminEndpoints.getOrganization, { data: organization() });
    const { user } = await renderDetail();
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
    const suspend = mockEndpoint(adminEndpoints.suspendOrganization, { data: suspended });
    await user.click(within(review).getByTestId("confirm"));
    expect(await screen.findByTestId("reinstate")).toBeInTheDocument();
    expect(suspend.calls).toMatchObject([
      { params: { id: 7 }, body: { days: 3, reason: "Suspected phishing" } },
    ]);
    expect(screen.getByText(/Suspended until .*Reason: Suspected phishing/)).toBeInTheDocument();
  });
});
