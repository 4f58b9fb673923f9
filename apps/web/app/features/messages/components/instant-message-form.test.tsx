import type { TMessage } from "@sms/domain/contracts/campaigns";
import type { TSender } from "@sms/domain/contracts/senders";
import { campaignsEndpoints } from "@sms/domain/endpoints/campaigns";
import { sendersEndpoints } from "@sms/domain/endpoints/senders";
import { templatesEndpoints } from "@sms/domain/endpoints/templates";
import { OPT_OUT_TOKEN_LENGTH, optOutFooterLength } from "@sms/domain/rules/opt-out";
import { TRACKED_LINK_TOKEN_LENGTH } from "@sms/domain/rules/tracked-links";
import { screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page, sender as senderOf, template, templateListItem } from "../../../../test/factories";
import { apiError, type MockedEndpoint, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { spyOnToasts } from "../../../../test/toasts";
import { InstantMessageForm } from "./instant-message-form";

spyOnToasts();

const sender = (id: number, name: string, extra: Partial<TSender> = {}): TSender =>
  senderOf(id, {
    name,
    company_name: "Acme",
    type: "marketing",
    evidence_type: null,
    evidence_files: [],
    example_message: "Hello",
    status: "approved",
    created_at: "2026-01-01T00:00:00.000Z",
    ...extra,
  });

const SHARED = sender(1, "AcmeOtp", { shared: false, type: "otp" });

const sentMessage: TMessage = {
  id: 1,
  campaign_id: 1,
  type: "instant",
  sender: "AcmeOtp",
  recipient: "66812345678",
  message: "Hello",
  billed_parts: 1,
  credits: 1,
  status: "queued",
  state: 0,
  code: null,
  created_at: "2026-11-25T03:00:00.000Z",
  submitted_at: null,
  done_at: null,
};

let senders: TSender[];
let sendResult: () => TMessage | Response;
let send: MockedEndpoint<typeof campaignsEndpoints.sendMessage>;

function renderForm() {
  mockEndpoint(sendersEndpoints.list, () => page(senders, { size: 100 }));
  send = mockEndpoint(campaignsEndpoints.sendMessage, () => {
    const result = sendResult();
    return result instanceof Response ? result : { data: result };
  });
  mockEndpoint(templatesEndpoints.list, page([templateListItem()], { size: 100 }));
  mockEndpoint(templatesEndpoints.get, { data: template() });
  return renderApp(<InstantMessageForm />, {
    path: "/en/messages/instant",
    pages: { "/en/subscriptions": <p>packages</p> },
  });
}

const phone = () => screen.getByRole("textbox", { name: /Phone number/ }) as HTMLInputElement;
const messageBox = () => screen.getByRole("textbox", { name: /Message/ }) as HTMLTextAreaElement;
const senderSelect = () => screen.getByRole("combobox", { name: /Sender name/ }) as HTMLSelectElement;
const purposeSelect = () => screen.getByRole("combobox", { name: /Purpose/ }) as HTMLSelectElement;
beforeEach(() => {
  senders = [SHARED, sender(2, "ACME")];
  sendResult = () => sentMessage;
});
afterEach(() => vi.clearAllMocks());

describe("InstantMessageForm", () => {
  it("offers the organization's own approved senders only, never the shared one (ADR 32)", async () => {
    senders = [sender(9, "SMSPortal", { shared: true, type: "otp" }), ...senders];
    await renderForm();
    await waitFor(() => expect(senderSelect().value).toBe("AcmeOtp"));
    const names = Array.from(senderSelect().options).map((o) => o.value);
    expect(names).toEqual(["AcmeOtp", "ACME"]);
    expect(screen.getByTestId("instant-purpose-help")).toHaveTextContent(/Notifications/);
  });

  it("keeps only the organization's own marketing sender for marketing, with the quiet-hours help", async () => {
    const { user } = await renderForm();
    await waitFor(() => expect(senderSelect().value).toBe("AcmeOtp"));
    await user.selectOptions(purposeSelect(), "marketing");
    await waitFor(() => expect(senderSelect().value).toBe("ACME"));
    expect(Array.from(senderSelect().options).map((o) => o.value)).toEqual(["ACME"]);
    expect(screen.getByTestId("instant-purpose-help")).toHaveTextContent("00:00 and 06:00");
    expect(screen.getByTestId("marketing-sender-help")).toHaveTextContent(/own approved marketing sender/);

    await user.selectOptions(purposeSelect(), "debt_collection");
    expect(screen.getByTestId("instant-purpose-help")).toHaveTextContent("Monday–Friday 08:00–20:00");
  });

  it("explains, links to a sender request and blocks sending when marketing has no own sender", async () => {
    senders = [SHARED, sender(3, "OTPONLY", { type: "otp" }), sender(4, "WAITING", { status: "pending" })];
    const { user } = await renderForm();
    await waitFor(() => expect(senderSelect().value).toBe("AcmeOtp"));
    await user.selectOptions(purposeSelect(), "marketing");
    expect(await screen.findByRole("link", { name: "Request a sender name" })).toBeInTheDocument();
    expect(screen.getByTestId("instant-submit")).toBeDisabled();
  });

  it("counts characters, parts and credits as the message is typed", async () => {
    const { user } = await renderForm();
    await user.type(messageBox(), "สวัสดี");
    expect(screen.getByTestId("sms-characters")).toHaveTextContent("6");
    expect(screen.getByTestId("sms-parts")).toHaveTextContent("1");
    expect(screen.getByTestId("sms-total")).toHaveTextContent("1");
    expect(screen.getByTestId("sms-encoding")).toHaveAttribute("data-encoding", "unicode");
  });

  it("sends, says so in a toast and clears the number and the text", async () => {
    const { user } = await renderForm();
    await waitFor(() => expect(senderSelect().value).toBe("AcmeOtp"));
    await user.type(phone(), "0812345678");
    await user.type(messageBox(), "Hello there");
    await user.click(screen.getByRole("button", { name: "Send message" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Instant message sent"));
    expect(send.calls.map((call) => call.body)).toEqual([
      {
        phone_number: "66812345678",
        sender: "AcmeOtp",
        message: "Hello there",
        purpose: "general",
        track_links: false,
        opt_out_link: true,
      },
    ]);
    await waitFor(() => expect(phone().value).toBe(""));
    expect(messageBox().value).toBe("");
    expect(senderSelect().value).toBe("AcmeOtp");
  });

  it("checks the number and the text before asking the server", async () => {
    const { user } = await renderForm();
    await waitFor(() => expect(senderSelect().value).toBe("AcmeOtp"));
    await user.type(phone(), "12345");
    await user.click(screen.getByRole("button", { name: "Send message" }));
    expect(await screen.findByText(/Please enter the message or choose a template/)).toBeInTheDocument();
    expect(phone()).toHaveAttribute("aria-invalid", "true");
    expect(send.calls).toHaveLength(0);
  });

  it("shows the server's field errors under their fields", async () => {
    sendResult = () =>
      apiError(422, "VALIDATION", "Please check the form.", {
        details: [{ path: "sender", message: "This sender name is not approved yet." }],
      });
    const { user } = await renderForm();
    await waitFor(() => expect(senderSelect().value).toBe("AcmeOtp"));
    await user.type(phone(), "0812345678");
    await user.type(messageBox(), "Hello");
    await user.click(screen.getByRole("button", { name: "Send message" }));
    expect(await screen.findByText(/This sender name is not approved yet\./)).toBeInTheDocument();
    expect(senderSelect()).toHaveAttribute("aria-invalid", "true");
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("says when the credits are not enough, with the way to buy more", async () => {
    sendResult = () => apiError(402, "INSUFFICIENT_CREDITS", "Not enough credits.");
    const { user } = await renderForm();
    await waitFor(() => expect(senderSelect().value).toBe("AcmeOtp"));
    await user.type(phone(), "0812345678");
    await user.type(messageBox(), "Hello");
    await user.click(screen.getByRole("button", { name: "Send message" }));
    const alert = await screen.findByTestId("insufficient-credits");
    expect(alert).toHaveTextContent("You do not have enough credits to send this message.");
    expect(screen.getByRole("link", { name: "Buy a package" })).toHaveAttribute("href", "/en/subscriptions");
    expect(messageBox().value).toBe("Hello");
  });

  it("shortens and tracks links when asked: the counter counts the short link, the request says so", async () => {
    const { user } = await renderForm();
    await waitFor(() => expect(senderSelect().value).toBe("AcmeOtp"));
    await user.type(phone(), "0812345678");
    const link = `https://example.com/${"a".repeat(200)}`;
    messageBox().focus();
    await user.paste(`Sale ${link}`);
    expect(screen.getByTestId("sms-parts")).toHaveTextContent("2");
    await user.click(screen.getByRole("checkbox", { name: /Shorten and track links/ }));
    const shortLength = `Sale ${window.location.origin}/l/`.length + TRACKED_LINK_TOKEN_LENGTH;
    expect(screen.getByTestId("sms-characters")).toHaveTextContent(String(shortLength));
    expect(screen.getByTestId("sms-parts")).toHaveTextContent("1");
    expect(screen.getByTestId("instant-track-links-help")).toHaveTextContent("1 link found.");
    await user.click(screen.getByRole("button", { name: "Send message" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(send.calls[0]?.body).toMatchObject({ message: `Sale ${link}`, track_links: true });
  });

  it("adds the opt-out footer to a marketing message by default: shown, counted, and can be turned off", async () => {
    const { user } = await renderForm();
    await waitFor(() => expect(senderSelect().value).toBe("AcmeOtp"));
    expect(screen.queryByRole("checkbox", { name: /opt-out link/ })).toBeNull();
    await user.selectOptions(purposeSelect(), "marketing");
    await waitFor(() => expect(senderSelect().value).toBe("ACME"));
    await user.type(phone(), "0812345678");
    const text = "a".repeat(120);
    messageBox().focus();
    await user.paste(text);
    const footer = optOutFooterLength(text, window.location.origin);
    const checkbox = screen.getByRole("checkbox", { name: /opt-out link/ });
    expect(checkbox).toBeChecked();
    expect(screen.getByTestId("instant-opt-out-cost")).toHaveTextContent(
      `Opt out: ${window.location.origin}/u/${"x".repeat(OPT_OUT_TOKEN_LENGTH)}`,
    );
    expect(screen.getByTestId("instant-opt-out-cost")).toHaveTextContent(
      `The footer adds ${footer} characters: 2 parts per message instead of 1.`,
    );
    // A short text keeps its one part: said so, not "1 parts instead of 1".
    await user.clear(messageBox());
    await user.type(messageBox(), "Sale today");
    expect(screen.getByTestId("instant-opt-out-cost")).toHaveTextContent(
      `The footer adds ${optOutFooterLength("Sale today", window.location.origin)} characters and still fits in 1 part per message.`,
    );
    messageBox().focus();
    await user.clear(messageBox());
    await user.paste(text);
    expect(screen.getByTestId("sms-characters")).toHaveTextContent(String(120 + footer));
    expect(screen.getByTestId("sms-parts")).toHaveTextContent("2");
    await user.click(checkbox);
    expect(screen.getByTestId("instant-opt-out-off")).toHaveTextContent(/replying STOP/);
    expect(screen.getByTestId("sms-parts")).toHaveTextContent("1");
    await user.click(screen.getByRole("button", { name: "Send message" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(send.calls[0]?.body).toMatchObject({ purpose: "marketing", opt_out_link: false });
  });

  it("starts from a template, and says its tags would go as written to one number (D31)", async () => {
    const { user } = await renderForm();
    await waitFor(() => expect(senderSelect().value).toBe("AcmeOtp"));
    await user.selectOptions(await screen.findByRole("combobox", { name: /Template/ }), "3");
    await waitFor(() => expect(messageBox().value).toBe("Hello {first_name}, see you soon"));
    expect(screen.getByTestId("instant-tags-warning")).toHaveTextContent(
      "{first_name} would be sent as written",
    );
    // One credit figure, for the one recipient.
    expect(screen.getByTestId("sms-total")).toHaveTextContent("1");
    expect(screen.queryByTestId("sms-credits")).not.toBeInTheDocument();
    expect(screen.getByTestId("sms-counter")).toHaveTextContent("32 characters · 1 SMS · 1 credits");
  });
});
