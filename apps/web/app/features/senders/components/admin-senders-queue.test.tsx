import { adminSendersEndpoints } from "@sms/domain/endpoints/senders";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { adminSender, page } from "../../../../test/factories";
import { apiError, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { AdminSendersQueue } from "./admin-senders-queue";

const renderQueue = () => renderApp(<AdminSendersQueue />, { path: "/en/admin/senders" });

const website = adminSender(6, {
  evidence_type: "website",
  evidence_url: "https://shop.example.com",
  evidence_files: [],
  organization_name: "Web Co",
});
let list: ReturnType<typeof mockEndpoint<typeof adminSendersEndpoints.list>>;
let approve: ReturnType<typeof mockEndpoint<typeof adminSendersEndpoints.approve>>;
let block: ReturnType<typeof mockEndpoint<typeof adminSendersEndpoints.block>>;

beforeEach(() => {
  list = mockEndpoint(adminSendersEndpoints.list, page([adminSender(5), website], { size: 20 }));
  approve = mockEndpoint(adminSendersEndpoints.approve, { data: adminSender(5, { status: "approved" }) });
  block = mockEndpoint(adminSendersEndpoints.block, { data: adminSender(5, { status: "blocked" }) });
});

describe("AdminSendersQueue", () => {
  it("shows pending requests by default with the organization, requester and evidence", async () => {
    await renderQueue();
    expect(await screen.findByText("Sender Co")).toBeInTheDocument();
    expect(list.calls[0]?.query).toMatchObject({ status: "pending" });
    const row = screen.getByText("Sender Co").closest("tr") as HTMLElement;
    expect(within(row).getByText("somchai@example.com")).toBeInTheDocument();
    expect(within(row).getByTestId("evidence-files")).toHaveTextContent("company.pdf2.5 MB");
    expect(screen.getByTestId("open-5b3c1f7e-8a4d-4c2b-9e1f-0a1b2c3d4e5f")).toBeInTheDocument();
    expect(screen.getByTestId("evidence-url")).toHaveAttribute("href", "https://shop.example.com");
  });

  it("filters by status and searches by organization or requester through the URL", async () => {
    const { router, user } = await renderQueue();
    await screen.findByText("Sender Co");
    await user.selectOptions(screen.getByTestId("status-filter"), "blocked");
    await waitFor(() => expect(router.state.location.search).toContain("status=blocked"));
    await user.type(screen.getByTestId("search"), "Web Co{Enter}");
    await waitFor(() => expect(router.state.location.search).toContain("search=Web+Co"));
    await waitFor(() => expect(list.lastCall?.query).toMatchObject({ status: "blocked", search: "Web Co" }));
  });

  it("approves after the confirmation, with the optional note", async () => {
    const { user } = await renderQueue();
    await user.click(await screen.findByTestId("approve-5"));
    const dialog = await screen.findByTestId("approve-dialog");
    expect(dialog).toHaveTextContent("Sender Co will be able to send messages under Shop5.");
    expect(approve.calls).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Note for the customer/), "Welcome");
    await user.click(within(dialog).getByTestId("approve-confirm"));
    await waitFor(() => expect(approve.calls).toHaveLength(1));
    expect(approve.calls[0]).toMatchObject({ params: { id: 5 }, body: { note: "Welcome" } });
    await waitFor(() => expect(screen.queryByTestId("approve-dialog")).not.toBeInTheDocument());
  });

  it("does not block without a reason, then sends the reason", async () => {
    const { user } = await renderQueue();
    await user.click(await screen.findByTestId("block-5"));
    const dialog = await screen.findByTestId("block-dialog");
    await user.click(within(dialog).getByTestId("block-confirm"));
    expect(
      await within(dialog).findByText(/Please give the reason the customer will read\./),
    ).toBeInTheDocument();
    expect(block.calls).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Reason/), "The document is expired.");
    await user.click(within(dialog).getByTestId("block-confirm"));
    await waitFor(() => expect(block.calls).toHaveLength(1));
    expect(block.calls[0]).toMatchObject({ params: { id: 5 }, body: { reason: "The document is expired." } });
  });

  it("keeps the dialog open with the server's message when another staff member decided first", async () => {
    mockEndpoint(adminSendersEndpoints.list, page([adminSender(5)], { size: 20 }));
    mockEndpoint(
      adminSendersEndpoints.approve,
      apiError(409, "CONFLICT", "This sender request has already been decided."),
    );
    const { user } = await renderQueue();
    await user.click(await screen.findByTestId("approve-5"));
    const dialog = await screen.findByTestId("approve-dialog");
    await user.click(within(dialog).getByTestId("approve-confirm"));
    expect(
      await within(dialog).findByText("This sender request has already been decided."),
    ).toBeInTheDocument();
  });
});
