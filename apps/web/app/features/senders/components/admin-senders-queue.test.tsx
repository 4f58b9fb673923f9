import { filesEndpoints } from "@sms/domain/endpoints/files";
import { adminSendersEndpoints } from "@sms/domain/endpoints/senders";
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { adminSender, page } from "../../../../test/factories";
import { apiError, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { AdminSendersQueue } from "./admin-senders-queue";

const renderQueue = () => renderApp(<AdminSendersQueue />, { path: "/en/admin/senders" });

const website = adminSender(6, {
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

afterEach(() => vi.restoreAllMocks());

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

  it("shows every document of a request with what it is, and opens each (review D20)", async () => {
    const file = (
      id: string,
      original_name: string,
      mime: string,
      evidence_kind: "company_registration" | "director_id",
    ) => ({
      id,
      kind: "sender_evidence" as const,
      mime,
      size: 2048,
      original_name,
      created_at: "2026-11-20T03:00:00.000Z",
      evidence_kind,
    });
    const certificate = file(
      "1b3c1f7e-8a4d-4c2b-9e1f-0a1b2c3d4e51",
      "certificate.pdf",
      "application/pdf",
      "company_registration",
    );
    const idCard = file("2b3c1f7e-8a4d-4c2b-9e1f-0a1b2c3d4e52", "director.png", "image/png", "director_id");
    mockEndpoint(
      adminSendersEndpoints.list,
      page([adminSender(7, { evidence_files: [certificate, idCard], organization_name: "Two Docs Co" })], {
        size: 20,
      }),
    );
    const download = mockEndpoint(filesEndpoints.download, ({ params }) =>
      params.id === idCard.id
        ? new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers: { "content-type": "image/png" } })
        : new HttpResponse(new Uint8Array([37, 80, 68, 70]), {
            headers: { "content-type": "application/pdf" },
          }),
    );
    const opened = vi.spyOn(window, "open").mockReturnValue(null);
    URL.createObjectURL = vi.fn(() => "blob:certificate");
    URL.revokeObjectURL = vi.fn();
    const { user } = await renderQueue();
    const row = (await screen.findByText("Two Docs Co")).closest("tr") as HTMLElement;
    expect(
      within(row)
        .getAllByTestId("evidence-kind")
        .map((kind) => kind.textContent),
    ).toEqual(["Company registration document", "Copy of the director's ID card"]);

    await user.click(within(row).getByTestId(`open-${certificate.id}`));
    await waitFor(() => expect(opened).toHaveBeenCalledWith("blob:certificate", "_blank", "noopener"));
    await user.click(within(row).getByTestId(`open-${idCard.id}`));
    // The image is fetched too; it is previewed in a dialog, not a tab (jsdom's FileReader cannot read it).
    await waitFor(() =>
      expect(download.calls.map((call) => call.params.id)).toEqual([certificate.id, idCard.id]),
    );
    expect(opened).toHaveBeenCalledTimes(1);
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
