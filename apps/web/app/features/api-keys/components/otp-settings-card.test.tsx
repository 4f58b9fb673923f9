import { OTP_DEFAULT_MESSAGES, type TApiSettings } from "@sms/domain/contracts/api-settings";
import type { TSender } from "@sms/domain/contracts/senders";
import { apiSettingsEndpoints } from "@sms/domain/endpoints/api-settings";
import { sendersEndpoints } from "@sms/domain/endpoints/senders";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { OtpSettingsCard } from "./otp-settings-card";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const call = vi.mocked(api.call);

let settings: TApiSettings;
let saved: unknown[];

function sender(name: string, shared = false): TSender {
  return {
    id: name.length,
    name,
    company_name: "Acme",
    type: "otp",
    account_type: "juristic",
    evidence_type: null,
    evidence_url: null,
    evidence_files: [],
    example_message: "Your code is 1234",
    status: "approved",
    decision_reason: null,
    decided_at: null,
    last_used_at: null,
    shared,
    created_at: "2026-01-01T00:00:00.000Z",
  };
}

function renderCard(canManage = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: "/:lang/sms-api", element: <OtpSettingsCard organizationId={7} canManage={canManage} /> }],
    { initialEntries: ["/en/sms-api"] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18next.changeLanguage("en");
  saved = [];
  settings = {
    otp_sender: null,
    otp_language: "th",
    otp_message_th: null,
    otp_message_en: "Acme code {pin} ref {refno}",
    rate_limit_per_second: 50,
    pump_prefix_max: 200,
    pump_fresh_key_max: 300,
    default_sender: "SMSPortal",
    default_messages: OTP_DEFAULT_MESSAGES,
    otp_valid_minutes: 5,
    updated_at: null,
  };
  call.mockImplementation(async (endpoint, input) => {
    if (endpoint === apiSettingsEndpoints.get) return { data: settings } as never;
    if (endpoint === sendersEndpoints.list) {
      const entities = [sender("SMSPortal", true), sender("AcmeOTP")];
      return {
        data: {
          entities,
          page_information: { page: 1, size: 100, total_item: 2, total_pages: 1, limit: 5 },
        },
      } as never;
    }
    if (endpoint === apiSettingsEndpoints.update) {
      const body = (input as unknown as { body: Record<string, unknown> }).body;
      saved.push(body);
      if (body.otp_sender === "AcmeOTP" && body.rate_limit_per_second === 999) {
        throw new ApiError(400, "VALIDATION", "The sender AcmeOTP cannot be used.", {
          details: [{ path: "otp_sender", message: "The sender AcmeOTP cannot be used." }],
        });
      }
      settings = { ...settings, ...(body as Partial<TApiSettings>), updated_at: "2026-02-01T00:00:00.000Z" };
      return { data: settings } as never;
    }
    throw new Error(`unexpected call ${endpoint.method} ${endpoint.path}`);
  });
});
afterEach(() => vi.clearAllMocks());

describe("OtpSettingsCard", () => {
  it("shows the settings with the default sender and a live preview of each text", async () => {
    const user = userEvent.setup();
    renderCard();
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
    const user = userEvent.setup();
    renderCard();
    await screen.findByRole("option", { name: "AcmeOTP" });
    await user.selectOptions(screen.getByLabelText("OTP sender name"), "AcmeOTP");
    await user.selectOptions(screen.getByLabelText("OTP language"), "en");
    const rate = screen.getByLabelText("Requests per second");
    await user.clear(rate);
    await user.type(rate, "20");
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Settings saved"));
    expect(saved).toEqual([
      {
        otp_sender: "AcmeOTP",
        otp_language: "en",
        otp_message_th: null,
        otp_message_en: "Acme code {pin} ref {refno}",
        rate_limit_per_second: 20,
        pump_prefix_max: 200,
        pump_fresh_key_max: 300,
      },
    ]);
  });

  it("explains a text without {pin} and a number out of range before sending", async () => {
    const user = userEvent.setup();
    renderCard();
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
    expect(saved).toEqual([]);
  });

  it("puts the server's refusal of the sender on the sender field", async () => {
    const user = userEvent.setup();
    renderCard();
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
    renderCard(false);
    expect(await screen.findByLabelText("OTP sender name")).toBeDisabled();
    expect(screen.getByLabelText("OTP sender name")).toHaveValue("AcmeOTP");
    expect(screen.queryByRole("button", { name: "Save settings" })).not.toBeInTheDocument();
    expect(call.mock.calls.map(([endpoint]) => endpoint)).not.toContain(sendersEndpoints.list);
  });
});
