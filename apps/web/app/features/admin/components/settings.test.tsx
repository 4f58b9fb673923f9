import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { HolidaysEditor } from "./holidays-editor";
import { TncVersionForm } from "./tnc-version-form";

const renderSettings = (ui: ReactNode) => renderApp(ui, { path: "/en/admin/settings" });

const SETTINGS = { tnc_version: "1.0", tnc_updated_at: null, tnc_change_note: "" };

describe("back-office settings", () => {
  it("publishes a terms version only after a confirmation, and refuses the current one or a malformed one", async () => {
    mockEndpoint(adminEndpoints.getSettings, { data: SETTINGS });
    const update = mockEndpoint(adminEndpoints.updateTncVersion, {
      data: { tnc_version: "1.1", tnc_updated_at: "2026-11-23T03:00:00.000Z", tnc_change_note: "" },
    });
    const { user } = await renderSettings(<TncVersionForm />);
    expect(await screen.findByTestId("tnc-current")).toHaveTextContent("Current version: 1.0");

    const input = screen.getByTestId("tnc-version");
    await user.type(input, "1.0");
    await user.click(screen.getByRole("button", { name: "Publish" }));
    expect(await screen.findByText(/already the current version/)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, "<b>");
    await user.click(screen.getByRole("button", { name: "Publish" }));
    expect(await screen.findByText(/Please enter a version such as 1.1/)).toBeInTheDocument();
    expect(update.calls).toHaveLength(0);

    await user.clear(input);
    await user.type(input, "1.1");
    await user.click(screen.getByRole("button", { name: "Publish" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Publish terms version 1.1?" });
    expect(confirm).toHaveTextContent("Every user must accept the terms again");
    await user.click(within(confirm).getByTestId("confirm"));
    await vi.waitFor(() =>
      expect(update.calls.map((call) => call.body)).toEqual([{ tnc_version: "1.1", change_note: "" }]),
    );
    expect(await screen.findByTestId("tnc-current")).toHaveTextContent("Current version: 1.1");
  });

  it("publishes what changed with the version, shown in the confirmation (D69)", async () => {
    mockEndpoint(adminEndpoints.getSettings, { data: SETTINGS });
    const update = mockEndpoint(adminEndpoints.updateTncVersion, { data: SETTINGS });
    const { user } = await renderSettings(<TncVersionForm />);
    await user.type(await screen.findByTestId("tnc-version"), "1.1");
    await user.type(screen.getByRole("textbox", { name: /^What changed/ }), "Refunds count from the send.");
    await user.click(screen.getByRole("button", { name: "Publish" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Publish terms version 1.1?" });
    expect(confirm).toHaveTextContent("They will read: “Refunds count from the send.”");
    await user.click(within(confirm).getByTestId("confirm"));
    await vi.waitFor(() =>
      expect(update.calls.map((call) => call.body)).toEqual([
        { tnc_version: "1.1", change_note: "Refunds count from the send." },
      ]),
    );
  });

  it("lists the year's holidays and deletes one only after a confirmation", async () => {
    mockEndpoint(adminEndpoints.listHolidays, {
      data: { entities: [{ date: "2026-12-05", name: "Father's Day" }] },
    });
    const remove = mockEndpoint(adminEndpoints.deleteHoliday, { data: { message: "Holiday removed." } });
    const { user } = await renderSettings(<HolidaysEditor />);
    const table = await screen.findByRole("table", { name: /Public holidays of \d{4}/ });
    expect(await within(table).findByText("Father's Day")).toBeInTheDocument();
    expect(within(table).getByText("Saturday 5 December 2026")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Delete Father's Day" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete Father's Day?" });
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(remove.calls).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Delete Father's Day" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByTestId("confirm"));
    await vi.waitFor(() => expect(remove.calls.map((call) => call.params)).toEqual([{ date: "2026-12-05" }]));
  });

  it("checks a new holiday's fields before sending it", async () => {
    mockEndpoint(adminEndpoints.listHolidays, { data: { entities: [] } });
    const create = mockEndpoint(adminEndpoints.createHoliday, {
      data: { date: "2026-12-05", name: "Father's Day" },
    });
    const { user } = await renderSettings(<HolidaysEditor />);
    expect(await screen.findByText("No holidays for this year yet.")).toBeInTheDocument();
    await user.click(screen.getByTestId("add-holiday"));
    expect(await screen.findByText(/Please choose a valid date/)).toBeInTheDocument();
    expect(screen.getByText(/Please enter the holiday's name/)).toBeInTheDocument();
    expect(create.calls).toHaveLength(0);
  });
});
