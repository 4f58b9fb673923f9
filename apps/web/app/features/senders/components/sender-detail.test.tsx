import { sendersEndpoints } from "@sms/domain/endpoints/senders";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { sender } from "../../../../test/factories";
import { apiError, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { SenderDetail } from "./sender-detail";

const CERTIFICATE = {
  id: "5b3c1f7e-8a4d-4c2b-9e1f-0a1b2c3d4e5f",
  kind: "sender_evidence",
  mime: "application/pdf",
  size: 2_621_440,
  original_name: "company.pdf",
  created_at: "2026-11-20T03:00:00.000Z",
  evidence_kind: "company_registration",
} as const;
const ID_CARD = {
  ...CERTIFICATE,
  id: "6c4d2a8f-9b5e-4d3c-8f2a-1b2c3d4e5f60",
  mime: "image/png",
  size: 1024,
  original_name: "director.png",
  evidence_kind: "director_id",
} as const;

const renderDetail = (id = 9) => renderApp(<SenderDetail id={id} />, { path: `/en/senders/${id}` });

describe("SenderDetail", () => {
  it("shows the request, its status, the staff's reason and every document with what it is (review D20)", async () => {
    const get = mockEndpoint(sendersEndpoints.get, {
      data: sender(9, {
        status: "blocked",
        decision_reason: "The document is expired.",
        evidence_files: [CERTIFICATE, ID_CARD],
        evidence_url: "https://shop.example.com",
      }),
    });
    await renderDetail();
    expect(await screen.findByRole("heading", { name: "Shop9" })).toBeInTheDocument();
    expect(get.calls.map((call) => call.params)).toEqual([{ id: 9 }]);
    expect(screen.getAllByTestId("sender-status")[0]).toHaveTextContent("Blocked");
    expect(screen.getByTestId("decision-reason")).toHaveTextContent("The document is expired.");
    const documents = screen.getAllByTestId("evidence-document");
    expect(documents.map((d) => d.textContent)).toEqual([
      expect.stringContaining("Company registration documentcompany.pdf2.5 MB"),
      expect.stringContaining("Copy of the director's ID carddirector.png1 KB"),
    ]);
    expect(screen.getByTestId("evidence-url")).toHaveAttribute("href", "https://shop.example.com");
  });

  it("names a document of an earlier request that gave no kind", async () => {
    mockEndpoint(sendersEndpoints.get, {
      data: sender(9, { evidence_files: [{ ...CERTIFICATE, evidence_kind: null }] }),
    });
    await renderDetail();
    expect(await screen.findByTestId("evidence-kind")).toHaveTextContent("Document (kind not given)");
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
