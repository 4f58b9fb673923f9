import type { TApiSettings } from "@sms/domain/contracts/api-settings";
import { apiSettingsEndpoints } from "@sms/domain/endpoints/api-settings";
import { sendersEndpoints } from "@sms/domain/endpoints/senders";
import { screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiSettings, page, sender } from "../../../../test/factories";
import { apiError, type MockedEndpoint, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { spyOnToasts } from "../../../../test/toasts";
import { OtpSettingsCard } from "./otp-settings-card";

spyOnToasts();

let settings: TApiSettings;
let senders: MockedEndpoint<typeof sendersEndpoints.list>;
let update: MockedEndpoint<typeof apiSettingsEndpoints.update>;

const otpSender = (id: number, name: string, shared = false) =>
  sender(id, {
    name,
    company_name: "Acme",
    type: "otp",
    evidence_type: null,
    evidence_files: [],
    example_message: "Your code is 1234",
    status: "approved",
    shared,
    created_at: "2026-01-01T00:00:00.000Z",
  });

const renderCard = (canManage = true) =>
  renderApp(<OtpSettingsCard organizationId={7} canManage={canManage} />, {
    path: "/en/sms-api",
    pattern: "/:lang/sms-api",
  });

beforeEach(() => {
  settings = apiSettings({ otp_message_en: "Acme code {pin} ref {refno}" });
  mockEndpoint(apiSettingsEndpoints.get, () => ({ data: settings }));
  senders = mockEndpoint(
    sendersEndpoints.list,
    page([otpSender(9, "SMSPortal", true), otpSender(7, "AcmeOTP")], { size: 100 }),
  );
  update = mockEndpoint(apiSettingsEndpoints.update, ({ body }) => {
    if (body.otp_sender === "AcmeOTP" && body.rate_limit_per_second === 999) {
      return apiError(400, "VALIDATION", "The sender AcmeOTP cannot be used.", {
        details: [{ path: "otp_sender", message: "The sender AcmeOTP cannot be used." }],
      });
    }
    settings = { ...settings, ...body, updated_at: "2026-02-01T00:00:00.000Z" };
    return { data: settings };
  });
});
afterEach(() => vi.clearAllMocks());

describe("OtpSettingsCard", () => {
  it("shows the settings with the default sender and a live preview of each text", async () => {
    const { user } = await renderCard();
    expect(await screen.findByRole("option", { name: "AcmeOTP" })).toBeInTheDocument();
    expect(screen.getByLabelText("OTP sender name")).toHaveValue("");
    expect(screen.getByRole("option", { name: "SMSPortal (default)" })).toBeInTheDocument();
    expect(screen.getAllByRole("option", { name: /SMSPortal/ })).toHaveLength(1);
    expect(screen.getByTestId("otp-placeholder-hint")).toHaveTextContent("{pin}");
    // The Thai text is empty: the preview shows the built-in text, filled.
    expect(screen.getByTestId("otp-preview-text-th")).toHaveTextContent("123456");
    expect(screen.getByTestId("otp-preview-text-th")).not.toHaveTextContent("{pin}");
    expect(screen.getByTestId("otp-preview-text-en")).toHaveTextContent("Acme code 123456 ref AB12CD");

    const english = screen.getByLabelText("OTP text in English");
    await user.clear(english);
    await user.type(english, "Hi {{pin}, valid {{minutes} min"); // "{{" types one brace
    expect(screen.getByTestId("otp-preview-text-en")).toHaveTextContent("Hi 123456, valid 5 min");
  });

  it("saves and says so with a toast", async () => {
    const { user } = await renderCard();
    await screen.findByRole("option", { name: "AcmeOTP" });
    await user.selectOptions(screen.getByLabelText("OTP sender name"), "AcmeOTP");
    await user.selectOptions(screen.getByLabelText("OTP language"), "en");
    const rate = screen.getByLabelText("Requests per second");
    await user.clear(rate);
    await user.type(rate, "20");
    await user.selectOptions(screen.getByLabelText("Code length"), "4");
    await user.selectOptions(screen.getByLabelText("Code valid for"), "2");
    await user.selectOptions(screen.getByLabelText("Request again"), "new_code");
    // The preview follows the chosen length and minutes.
    expect(screen.getByTestId("otp-preview-text-th").textContent).toContain("1234 ");
    expect(screen.getByTestId("otp-preview-text-th").textContent).toContain("2 นาที");
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Settings saved"));
    expect(update.calls.map((call) => call.body)).toEqual([
      {
        otp_sender: "AcmeOTP",
        otp_language: "en",
        otp_message_th: null,
        otp_message_en: "Acme code {pin} ref {refno}",
        rate_limit_per_second: 20,
        pump_prefix_max: 200,
        pump_fresh_key_max: 300,
        otp_code_length: 4,
        otp_valid_minutes: 2,
        otp_resend: "new_code",
      },
    ]);
  });

  it("explains a text without {pin} and a number out of range before sending", async () => {
    const { user } = await renderCard();
    const thai = await screen.findByLabelText("OTP text in Thai");
    await user.type(thai, "no code here");
    const pump = screen.getByLabelText("Numbers per prefix in 10 minutes");
    await user.clear(pump);
    await user.type(pump, "200000");
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    expect(
      await screen.findByText(/The OTP text must contain \{pin\}, where the code goes\./),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/The threshold must be a whole number from 0 \(off\) to 100,000\./),
    ).toBeInTheDocument();
    expect(update.calls.map((call) => call.body)).toEqual([]);
  });

  it("puts the server's refusal of the sender on the sender field", async () => {
    const { user } = await renderCard();
    await screen.findByRole("option", { name: "AcmeOTP" });
    await user.selectOptions(screen.getByLabelText("OTP sender name"), "AcmeOTP");
    const rate = screen.getByLabelText("Requests per second");
    await user.clear(rate);
    await user.type(rate, "999");
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    expect(await screen.findByText(/The sender AcmeOTP cannot be used\./)).toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("is read-only without the right to manage the API, and asks for no sender list (review D46)", async () => {
    settings.otp_sender = "AcmeOTP";
    await renderCard(false);
    expect(await screen.findByLabelText("OTP sender name")).toBeDisabled();
    expect(screen.getByLabelText("OTP sender name")).toHaveValue("AcmeOTP");
    expect(screen.queryByRole("button", { name: "Save settings" })).not.toBeInTheDocument();
    expect(senders.calls).toEqual([]);
  });
});
