import type { TTemplate } from "@sms/domain/contracts/templates";
import { templatesEndpoints } from "@sms/domain/endpoints/templates";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { TemplateEditor } from "./template-editor";

const stored: TTemplate = {
  id: 7,
  name: "Welcome",
  message: "สวัสดี {first_name}",
  enabled: true,
  created_at: "2026-01-02T03:04:05.000Z",
  updated_at: "2026-01-03T03:04:05.000Z",
};

const renderEditor = (id: number) => renderApp(<TemplateEditor id={id} />, { path: "/en/templates/x" });

describe("TemplateEditor", () => {
  it("loads the template into the form with its times and the preview", async () => {
    const get = mockEndpoint(templatesEndpoints.get, { data: stored });
    await renderEditor(7);
    expect(await screen.findByDisplayValue("Welcome")).toBeInTheDocument();
    expect(get.calls.map((call) => call.params)).toEqual([{ id: 7 }]);
    expect(screen.getByTestId("template-times")).toHaveTextContent(
      "Created 02 Jan 2026 10:04 · Updated 03 Jan 2026 10:04",
    );
    expect(screen.getByTestId("sms-preview-text")).toHaveTextContent("สวัสดี Somchai");
  });

  it("says when the template does not exist, with the way back", async () => {
    mockEndpoint(templatesEndpoints.get, apiError(404, "NOT_FOUND", "Not found"));
    await renderEditor(99);
    expect(await screen.findByRole("alert")).toHaveTextContent("This template does not exist");
    expect(screen.getByRole("link", { name: "Back to templates" })).toBeInTheDocument();
  });

  it("does not ask the server for an id that cannot exist", async () => {
    // No handler: a request would fail the test (test/setup.ts).
    await renderEditor(Number.NaN);
    expect(await screen.findByRole("alert")).toHaveTextContent("This template does not exist");
  });
});
