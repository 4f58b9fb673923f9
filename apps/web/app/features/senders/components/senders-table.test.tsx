import { sendersEndpoints } from "@sms/domain/endpoints/senders";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { page, sender } from "../../../../test/factories";
import { apiError, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { SendersTable } from "./senders-table";

const renderTable = (path = "/en/senders") => renderApp(<SendersTable />, { path, pattern: "/en/senders" });

const shared = sender(1, {
  name: "SMSPortal",
  status: "approved",
  shared: true,
  evidence_files: [],
  evidence_type: null,
});
const blocked = sender(9, { status: "blocked", decision_reason: "The document is expired." });
let list: ReturnType<typeof mockEndpoint<typeof sendersEndpoints.list>>;

beforeEach(() => {
  list = mockEndpoint(sendersEndpoints.list, page([sender(5), blocked, shared]));
});

describe("SendersTable", () => {
  it("shows each sender's status, the staff's reason, and marks the shared default", async () => {
    await renderTable();
    const row = (await screen.findByTestId("sender-link-9")).closest("tr") as HTMLElement;
    expect(within(row).getByTestId("sender-status")).toHaveTextContent("Blocked");
    expect(within(row).getByText("The document is expired.")).toBeInTheDocument();
    const sharedRow = screen.getByTestId("sender-link-1").closest("tr") as HTMLElement;
    expect(within(sharedRow).getByTestId("shared-badge")).toHaveTextContent("Shared");
    expect(within(sharedRow).getByTestId("sender-status")).toHaveAttribute("data-status", "approved");
    expect(screen.getByTestId("sender-link-5")).toHaveAttribute("href", "/en/senders/5");
    expect(list.calls[0]?.query).toMatchObject({ sort: "created_at", reverse: true, status: undefined });
  });

  it("filters by status through the URL", async () => {
    const { router, user } = await renderTable();
    await screen.findByTestId("sender-link-5");
    await user.selectOptions(screen.getByTestId("status-filter"), "approved");
    await waitFor(() => expect(router.state.location.search).toContain("status=approved"));
    await waitFor(() => expect(list.lastCall?.query).toMatchObject({ status: "approved" }));
  });

  it("says when there is nothing yet", async () => {
    mockEndpoint(sendersEndpoints.list, page([]));
    await renderTable();
    expect(await screen.findByText("No sender names yet.")).toBeInTheDocument();
  });

  it("shows the server's error with a retry", async () => {
    mockEndpoint(sendersEndpoints.list, apiError(500, "INTERNAL", "Something went wrong."));
    await renderTable();
    expect(await screen.findByText(/Something went wrong\./)).toBeInTheDocument();
  });
});
