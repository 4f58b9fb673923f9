import { sendersEndpoints } from "@sms/domain/endpoints/senders";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { pendingSender } from "../lib/test-senders";
import { SenderDetail } from "./sender-detail";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
const call = vi.mocked(api.call);

function renderDetail(id = 9) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/en/senders/${id}`]}>
        <SenderDetail id={id} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18next.changeLanguage("en");
});
afterEach(() => vi.clearAllMocks());

describe("SenderDetail", () => {
  it("shows the request, its status, the staff's reason and its evidence", async () => {
    call.mockResolvedValue({
      data: pendingSender(9, { status: "blocked", decision_reason: "The document is expired." }),
    } as never);
    renderDetail();
    expect(await screen.findByRole("heading", { name: "Shop9" })).toBeInTheDocument();
    expect(call.mock.calls[0]).toEqual([sendersEndpoints.get, { params: { id: 9 } }]);
    expect(screen.getAllByTestId("sender-status")[0]).toHaveTextContent("Blocked");
    expect(screen.getByTestId("decision-reason")).toHaveTextContent("The document is expired.");
    expect(screen.getByText("Company registration document")).toBeInTheDocument();
    expect(screen.getByTestId("evidence-files")).toHaveTextContent("company.pdf2.5 MB");
  });

  it("notes the 1–3 working days while pending", async () => {
    call.mockResolvedValue({ data: pendingSender(9) } as never);
    renderDetail();
    expect(
      await screen.findByText("Our staff check the request within 1–3 working days."),
    ).toBeInTheDocument();
  });

  it("shows the server's message for another organization's id", async () => {
    call.mockRejectedValue(new ApiError(404, "NOT_FOUND", "This sender name does not exist."));
    renderDetail();
    expect(await screen.findByText("This sender name does not exist.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to sender names" })).toHaveAttribute("href", "/en/senders");
  });
});
