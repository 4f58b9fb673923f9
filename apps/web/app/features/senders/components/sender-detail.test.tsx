import { sendersEndpoints } from "@sms/domain/endpoints/senders";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { sender } from "../../../../test/factories";
import { apiError, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { SenderDetail } from "./sender-detail";

const renderDetail = (id = 9) => renderApp(<SenderDetail id={id} />, { path: `/en/senders/${id}` });

describe("SenderDetail", () => {
  it("shows the request, its status, the staff's reason and its evidence", async () => {
    const get = mockEndpoint(sendersEndpoints.get, {
      data: sender(9, { status: "blocked", decision_reason: "The document is expired." }),
    });
    await renderDetail();
    expect(await screen.findByRole("heading", { name: "Shop9" })).toBeInTheDocument();
    expect(get.calls.map((call) => call.params)).toEqual([{ id: 9 }]);
    expect(screen.getAllByTestId("sender-status")[0]).toHaveTextContent("Blocked");
    expect(screen.getByTestId("decision-reason")).toHaveTextContent("The document is expired.");
    expect(screen.getByText("Company registration document")).toBeInTheDocument();
    expect(screen.getByTestId("evidence-files")).toHaveTextContent("company.pdf2.5 MB");
  });

  it("notes the 1–3 working days while pending", async () => {
    mockEndpoint(sendersEndpoints.get, { data: sender(9) });
    await renderDetail();
    expect(
      await screen.findByText("Our staff check the request within 1–3 working days."),
    ).toBeInTheDocument();
  });

  it("shows the server's message for another organization's id", async () => {
    mockEndpoint(sendersEndpoints.get, apiError(404, "NOT_FOUND", "This sender name does not exist."));
    await renderDetail();
    expect(await screen.findByText("This sender name does not exist.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to sender names" })).toHaveAttribute("href", "/en/senders");
  });
});
