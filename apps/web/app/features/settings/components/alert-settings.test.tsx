import type { TSettings } from "@sms/domain/contracts/settings";
import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { settingsEndpoints } from "@sms/domain/endpoints/settings";
import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { organization } from "../../../../test/factories";
import { apiError, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { spyOnToasts } from "../../../../test/toasts";
import { AlertSettings } from "./alert-settings";

spyOnToasts();

let settings: TSettings;
let saved: Record<string, unknown>[];
let memberRole: number;
let failLoad: boolean;

const renderAt = (locale: "th" | "en" = "en") =>
  renderApp(<AlertSettings organizationId={7} />, {
    path: locale === "en" ? "/en/accounts/settings" : "/accounts/settings",
  });

beforeEach(() => {
  saved = [];
  memberRole = 100;
  failLoad = false;
  settings = {
    low_credit_enabled: false,
    low_credit_threshold: 1000,
    low_credit_channel: "email",
    expiry_enabled: false,
    expiry_days: 7,
    expiry_channel: "email",
    locale: "th",
    low_credit_alerted_at: null,
    expiry_alerted_for: null,
    credits: 12_345,
    credit_expired_on: "2026-12-31T17:00:00.000Z",
    updated_at: null,
  };
  mockEndpoint(settingsEndpoints.get, ({ params }) => {
    if (failLoad) return apiError(500, "INTERNAL", "Something went wrong. Please try again.");
    expect(params.id).toBe(7);
    return { data: settings };
  });
  mockEndpoint(organizationsEndpoints.get, () => ({
    data: organization({ id: 7, name: "Acme", member_role: memberRole }),
  }));
  mockEndpoint(settingsEndpoints.update, ({ body }) => {
    saved.push(body);
    settings = { ...settings, ...body, locale: "en", updated_at: "2026-11-27T10:00:00.000Z" };
    return { data: settings };
  });
});
afterEach(() => vi.clearAllMocks());

describe("AlertSettings", () => {
  it("shows the alerts with the balance and the expiry, and saves them with the settings-saved toast", async () => {
    const { user } = await renderAt();
    const threshold = await screen.findByLabelText(/Threshold \(credits\)/);
    expect(threshold).toHaveValue("1000");
    expect(screen.getByText(/The balance is now 12,345 credits/)).toBeInTheDocument();
    expect(screen.getByText(/Your credits expire on 01 Jan 2027/)).toBeInTheDocument();
    expect(screen.getByTestId("alert-recipients")).toHaveTextContent("in Thai");

    await user.click(screen.getByLabelText("Send a low-credit alert"));
    await user.clear(threshold);
    await user.type(threshold, "500");
    // Keyboard: the channel radios are one group moved with the arrow keys.
    const lowChannel = within(screen.getByTestId("low-credit-channel"));
    await user.click(lowChannel.getByLabelText("E-mail"));
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(lowChannel.getByLabelText("E-mail and SMS")).toBeChecked();
    await user.click(screen.getByLabelText("Send an expiry alert"));
    const days = screen.getByLabelText(/Days before the expiry/);
    await user.clear(days);
    await user.type(days, "14");
    await user.click(within(screen.getByTestId("expiry-channel")).getByLabelText("SMS"));
    await user.click(screen.getByRole("button", { name: "Save settings" }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Settings saved"));
    expect(saved).toEqual([
      {
        low_credit_enabled: true,
        low_credit_threshold: 500,
        low_credit_channel: "both",
        expiry_enabled: true,
        expiry_days: 14,
        expiry_channel: "sms",
      },
    ]);
    expect(await screen.findByTestId("alert-recipients")).toHaveTextContent("in English");
  });

  it("explains values out of range before sending", async () => {
    const { user } = await renderAt();
    const threshold = await screen.findByLabelText(/Threshold \(credits\)/);
    await user.clear(threshold);
    await user.type(threshold, "0");
    const days = screen.getByLabelText(/Days before the expiry/);
    await user.clear(days);
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    expect(
      await screen.findByText(/The threshold must be a whole number of credits from 1 to 10,000,000\./),
    ).toBeInTheDocument();
    expect(screen.getByText(/The number of days must be a whole number from 1 to 90\./)).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it("says when the alerts were sent, in Thai with the Buddhist era", async () => {
    settings = {
      ...settings,
      low_credit_enabled: true,
      expiry_enabled: true,
      low_credit_alerted_at: "2026-11-20T03:00:00.000Z",
      expiry_alerted_for: "2026-12-31T17:00:00.000Z",
    };
    await renderAt("th");
    expect(await screen.findByTestId("low-credit-status")).toHaveTextContent("20 พ.ย. 2569 10:00");
    expect(screen.getByTestId("expiry-status")).toHaveTextContent("01 ม.ค. 2570");
    expect(screen.getByRole("button", { name: "บันทึกการตั้งค่า" })).toBeInTheDocument();
  });

  it("is read-only for a member who may not change the alerts", async () => {
    memberRole = 1;
    await renderAt();
    expect(await screen.findByLabelText(/Threshold \(credits\)/)).toBeDisabled();
    expect(screen.getByLabelText("Send a low-credit alert")).toBeDisabled();
    expect(screen.getByTestId("settings-read-only")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save settings" })).not.toBeInTheDocument();
  });

  it("shows a loading state, then an error with a retry", async () => {
    failLoad = true;
    const { user } = await renderAt();
    expect(screen.getByTestId("alert-settings-loading")).toBeInTheDocument();
    expect(await screen.findByText("The settings could not be loaded.")).toBeInTheDocument();
    failLoad = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByLabelText(/Threshold \(credits\)/)).toBeInTheDocument();
  });
});
