import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { HolidaysEditor } from "./holidays-editor";
import { TncVersionForm } from "./tnc-version-form";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
const call = vi.mocked(api.call);

function renderWithClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={["/en/admin/settings"]}>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MemoryRouter>,
  );
}

const callsTo = (endpoint: unknown) =>
  call.mock.calls.filter(([e]) => e === endpoint).map(([, options]) => options as unknown);

describe("back-office settings", () => {
  beforeEach(async () => {
    call.mockReset();
    await i18next.changeLanguage("en");
  });
  afterEach(() => i18next.changeLanguage("th"));

  it("publishes a terms version only after a confirmation, and refuses the current one or a malformed one", async () => {
    const user = userEvent.setup();
    call.mockImplementation(async (endpoint) =>
      endpoint === adminEndpoints.getSettings
        ? ({ data: { tnc_version: "1.0", tnc_updated_at: null, tnc_change_note: "" } } as never)
        : ({
            data: { tnc_version: "1.1", tnc_updated_at: "2026-11-23T03:00:00.000Z", tnc_change_note: "" },
          } as never),
    );
    renderWithClient(<TncVersionForm />);
    expect(await screen.findByTestId("tnc-current")).toHaveTextContent("Current version: 1.0");

    const input = screen.getByTestId("tnc-version");
    await user.type(input, "1.0");
    await user.click(screen.getByRole("button", { name: "Publish" }));
    expect(await screen.findByText(/already the current version/)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, "<b>");
    await user.click(screen.getByRole("button", { name: "Publish" }));
    expect(await screen.findByText(/Please enter a version such as 1.1/)).toBeInTheDocument();
    expect(callsTo(adminEndpoints.updateTncVersion)).toHaveLength(0);

    await user.clear(input);
    await user.type(input, "1.1");
    await user.click(screen.getByRole("button", { name: "Publish" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Publish terms version 1.1?" });
    expect(confirm).toHaveTextContent("Every user must accept the terms again");
    await user.click(within(confirm).getByTestId("confirm"));
    await vi.waitFor(() =>
      expect(callsTo(adminEndpoints.updateTncVersion)).toEqual([
        { body: { tnc_version: "1.1", change_note: "" } },
      ]),
    );
    expect(await screen.findByTestId("tnc-current")).toHaveTextContent("Current version: 1.1");
  });

  it("publishes what changed with the version, shown in the confirmation (D69)", async () => {
    const user = userEvent.setup();
    call.mockImplementation(
      async () => ({ data: { tnc_version: "1.0", tnc_updated_at: null, tnc_change_note: "" } }) as never,
    );
    renderWithClient(<TncVersionForm />);
    await user.type(await screen.findByTestId("tnc-version"), "1.1");
    await user.type(screen.getByRole("textbox", { name: /^What changed/ }), "Refunds count from the send.");
    await user.click(screen.getByRole("button", { name: "Publish" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Publish terms version 1.1?" });
    expect(confirm).toHaveTextContent("They will read: “Refunds count from the send.”");
    await user.click(within(confirm).getByTestId("confirm"));
    await vi.waitFor(() =>
      expect(callsTo(adminEndpoints.updateTncVersion)).toEqual([
        { body: { tnc_version: "1.1", change_note: "Refunds count from the send." } },
      ]),
    );
  });

  it("lists the year's holidays and deletes one only after a confirmation", async () => {
    const user = userEvent.setup();
    call.mockImplementation(async (endpoint) =>
      endpoint === adminEndpoints.listHolidays
        ? ({ data: { entities: [{ date: "2026-12-05", name: "Father's Day" }] } } as never)
        : ({ data: { message: "Holiday removed." } } as never),
    );
    renderWithClient(<HolidaysEditor />);
    const table = await screen.findByRole("table", { name: /Public holidays of \d{4}/ });
    expect(await within(table).findByText("Father's Day")).toBeInTheDocument();
    expect(within(table).getByText("Saturday 5 December 2026")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Delete Father's Day" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete Father's Day?" });
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(callsTo(adminEndpoints.deleteHoliday)).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Delete Father's Day" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByTestId("confirm"));
    await vi.waitFor(() =>
      expect(callsTo(adminEndpoints.deleteHoliday)).toEqual([{ params: { date: "2026-12-05" } }]),
    );
  });

  it("checks a new holiday's fields before sending it", async () => {
    const user = userEvent.setup();
    call.mockResolvedValue({ data: { entities: [] } } as never);
    renderWithClient(<HolidaysEditor />);
    expect(await screen.findByText("No holidays for this year yet.")).toBeInTheDocument();
    await user.click(screen.getByTestId("add-holiday"));
    expect(await screen.findByText(/Please choose a valid date/)).toBeInTheDocument();
    expect(screen.getByText(/Please enter the holiday's name/)).toBeInTheDocument();
    expect(callsTo(adminEndpoints.createHoliday)).toHaveLength(0);
  });
});
