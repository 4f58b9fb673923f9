import type { TTemplate } from "@sms/domain/contracts/templates";
import { templatesEndpoints } from "@sms/domain/endpoints/templates";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { TemplateEditor } from "./template-editor";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
const call = vi.mocked(api.call);

const stored: TTemplate = {
  id: 7,
  name: "Welcome",
  message: "สวัสดี {first_name}",
  enabled: true,
  created_at: "2026-01-02T03:04:05.000Z",
  updated_at: "2026-01-03T03:04:05.000Z",
};

function renderEditor(id: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/en/templates/x", element: <TemplateEditor id={id} /> }], {
    initialEntries: ["/en/templates/x"],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18next.changeLanguage("en");
});
afterEach(() => vi.clearAllMocks());

describe("TemplateEditor", () => {
  it("loads the template into the form with its times and the preview", async () => {
    call.mockResolvedValue({ data: stored } as never);
    renderEditor(7);
    expect(await screen.findByDisplayValue("Welcome")).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(templatesEndpoints.get, { params: { id: 7 } });
    expect(screen.getByTestId("template-times")).toHaveTextContent(
      "Created 02 Jan 2026 10:04 · Updated 03 Jan 2026 10:04",
    );
    expect(screen.getByTestId("sms-preview-text")).toHaveTextContent("สวัสดี Somchai");
  });

  it("says when the template does not exist, with the way back", async () => {
    call.mockRejectedValue(new ApiError(404, "NOT_FOUND", "Not found"));
    renderEditor(99);
    expect(await screen.findByRole("alert")).toHaveTextContent("This template does not exist");
    expect(screen.getByRole("link", { name: "Back to templates" })).toBeInTheDocument();
  });

  it("does not ask the server for an id that cannot exist", async () => {
    renderEditor(Number.NaN);
    expect(await screen.findByRole("alert")).toHaveTextContent("This template does not exist");
    expect(call).not.toHaveBeenCalled();
  });
});
