import type { TCampaign, TCampaignPreview } from "@sms/domain/contracts/campaigns";
import type { TContactGroup } from "@sms/domain/contracts/contacts";
import type { TSchedule } from "@sms/domain/contracts/schedules";
import type { TSender } from "@sms/domain/contracts/senders";
import { campaignsEndpoints } from "@sms/domain/endpoints/campaigns";
import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { schedulesEndpoints } from "@sms/domain/endpoints/schedules";
import { sendersEndpoints } from "@sms/domain/endpoints/senders";
import { templatesEndpoints } from "@sms/domain/endpoints/templates";
import { screen, waitFor, within } from "@testing-library/react";
import type userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { day, NOON_BANGKOK, openCalendar } from "~/components/form/calendar-test-utils";
import { page as pageOf } from "../../../../test/factories";
import { apiError, type MockedEndpoint, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { spyOnToasts } from "../../../../test/toasts";
import { CampaignForm } from "./campaign-form";

spyOnToasts();

const SHARED: TSender = {
  id: 1,
  name: "AcmeOtp",
  company_name: "Acme",
  type: "otp",
  account_type: "juristic",
  evidence_type: null,
  evidence_url: null,
  evidence_files: [],
  example_message: "Hello",
  status: "approved",
  decision_reason: null,
  decided_at: null,
  last_used_at: null,
  shared: false,
  created_at: "2026-01-01T00:00:00.000Z",
};

const group = (id: number, name: string, contact_count: number): TContactGroup => ({
  id,
  name,
  contact_count,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
});

const PREVIEW: TCampaignPreview = {
  recipients: 12,
  invalid: 1,
  duplicates: 2,
  suppressed: 0,
  parts: 1,
  min_parts: 1,
  max_parts: 1,
  credits: 12,
  balance: 500,
  enough_credits: true,
  personalised: false,
  missing_values: 0,
  sample: { recipient: "0812345678", message: "Hi Somchai" },
  text: { encoding: "single-byte", length: 5, parts: 1, per_part: 160, forcing_char: null },
  opt_out: null,
  warnings: [],
};

const CAMPAIGN = { id: 77, name: "November" } as TCampaign;
const SCHEDULED = {
  id: 5,
  name: "November",
  recurring: false,
  run_at: "2026-05-19T17:00:00.000Z",
  next_run_at: "2026-05-19T17:00:00.000Z",
} as TSchedule;

const page = <T,>(entities: T[]) => pageOf(entities, { size: 100 });

const TEMPLATE = {
  id: 5,
  name: "Bill due",
  message_excerpt: "Dear {first_name}…",
  message_length: 36,
  enabled: true,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
};
let templates: (typeof TEMPLATE)[];
let senders: TSender[];
let previewResult: () => TCampaignPreview | Response;
let createResult: () => TCampaign | Response;
let preview: MockedEndpoint<typeof campaignsEndpoints.preview>;
let create: MockedEndpoint<typeof campaignsEndpoints.create>;
let schedule: MockedEndpoint<typeof schedulesEndpoints.create>;

const answer = <T,>(result: T | Response) => (result instanceof Response ? result : { data: result });

function renderForm() {
  mockEndpoint(sendersEndpoints.list, () => page(senders));
  mockEndpoint(contactsEndpoints.listGroups, page([group(1, "Customers", 10), group(2, "Staff", 1)]));
  mockEndpoint(templatesEndpoints.list, () => page(templates));
  mockEndpoint(templatesEndpoints.get, {
    data: {
      id: TEMPLATE.id,
      name: TEMPLATE.name,
      enabled: true,
      created_at: TEMPLATE.created_at,
      updated_at: TEMPLATE.updated_at,
      message: "Dear {first_name}, your bill is due.",
    },
  });
  preview = mockEndpoint(campaignsEndpoints.preview, () => answer(previewResult()));
  create = mockEndpoint(campaignsEndpoints.create, () => answer(createResult()), { status: 201 });
  schedule = mockEndpoint(schedulesEndpoints.create, { data: SCHEDULED });
  return renderApp(<CampaignForm />, {
    path: "/en/messages/campaigns",
    pages: {
      "/en/messages": <p>sent messages page</p>,
      "/en/reports/campaigns/77": <p>campaign 77 report</p>,
      "/en/subscriptions": <p>packages</p>,
      "/en/reports/campaigns/schedule_headers": <p>schedules page</p>,
    },
  });
}

const nameBox = () => screen.getByRole("textbox", { name: /Campaign name/ }) as HTMLInputElement;
const manualBox = () => screen.getByRole("textbox", { name: /Manual contacts/ }) as HTMLTextAreaElement;
const messageBox = () => screen.getByRole("textbox", { name: /^Message/ }) as HTMLTextAreaElement;
const senderSelect = () => screen.getByRole("combobox", { name: /Sender name/ }) as HTMLSelectElement;

/** Puts `text` in a field as a paste does: one change, not a render of the form per key. */
async function fill(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, text: string) {
  await user.click(box);
  await user.paste(text);
}

/**
 * Fills the compose step. Pasted: the form re-renders whole on each key, and typing these texts
 * key by key was most of the file's time; the first test types its numbers to show the live count.
 */
async function compose(user: ReturnType<typeof userEvent.setup>, sender = "AcmeOtp") {
  await waitFor(() => expect(senderSelect().value).toBe(sender));
  await fill(user, nameBox(), "November");
  await user.click(await screen.findByRole("checkbox", { name: /Customers/ }));
  await fill(user, manualBox(), "0812345678,0812345678;12");
  await fill(user, messageBox(), "Hi ");
  await user.click(screen.getByTestId("insert-first_name"));
}

beforeEach(() => {
  templates = [];
  senders = [SHARED];
  previewResult = () => PREVIEW;
  createResult = () => CAMPAIGN;
});
afterEach(() => vi.clearAllMocks());

describe("CampaignForm", () => {
  it("lists the groups with their counts and counts typed numbers live", async () => {
    const { user } = await renderForm();
    const groups = await screen.findByRole("group", { name: "Contact groups" });
    expect(await within(groups).findByText("10 contacts")).toBeInTheDocument();
    expect(within(groups).getByText("1 contact")).toBeInTheDocument();
    await user.type(manualBox(), "0812345678,0812345678;12");
    expect(screen.getByTestId("campaign-manual-count")).toHaveTextContent(
      "Valid: 1 · Invalid: 1 · Duplicates: 1",
    );
  });

  it("accepts the 66 and +66 forms as every screen does, and lists what it refuses (D32)", async () => {
    const { user } = await renderForm();
    // Typed once the form has what it loads, not while its answers re-render it.
    await waitFor(() => expect(senderSelect().value).toBe("AcmeOtp"));
    await fill(user, manualBox(), "0891112233, 0891112234;0891112233, 12345, 66891112235, +66891112236, abc");
    expect(screen.getByTestId("campaign-manual-count")).toHaveTextContent(
      "Valid: 4 · Invalid: 2 · Duplicates: 1",
    );
    const invalid = screen.getByTestId("campaign-manual-invalid");
    expect(
      within(invalid)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["12345", "abc"]);
  });

  it("says the manual contacts limit when more than 1000 numbers are typed", async () => {
    const { user } = await renderForm();
    const many = Array.from({ length: 1001 }, (_, i) => `08${String(10000000 + i)}`).join("\n");
    manualBox().focus();
    await user.paste(many);
    expect(screen.getByTestId("campaign-manual-count")).toHaveTextContent(
      "Manual contacts are limited to 1000 contacts.",
    );
  });

  it("asks for groups or manual contacts before previewing", async () => {
    const { user } = await renderForm();
    await waitFor(() => expect(senderSelect().value).toBe("AcmeOtp"));
    await fill(user, nameBox(), "November");
    await fill(user, messageBox(), "Hello");
    await user.click(screen.getByRole("button", { name: "Preview" }));
    expect(await screen.findByTestId("campaign-groups-error")).toHaveTextContent(
      "Please select contact groups or fill in manual contact",
    );
    expect(preview.calls).toHaveLength(0);
  });

  it("previews with the groups and the first recipient's text, goes back keeping the form, then sends with one click to the report", async () => {
    const { user } = await renderForm();
    await compose(user);
    await user.click(screen.getByRole("button", { name: "Preview" }));
    const review = await screen.findByRole("heading", { name: "Check before sending" });
    await waitFor(() => expect(review).toHaveFocus());
    const body = {
      name: "November",
      sender: "AcmeOtp",
      purpose: "general",
      group_ids: [1],
      manual_contacts: "0812345678,0812345678;12",
      message: "Hi {first_name}",
      track_links: false,
      opt_out_link: true,
    };
    expect(preview.calls[0]?.body).toEqual(body);
    expect(screen.getByTestId("summary-recipients")).toHaveTextContent("12");
    expect(screen.getByTestId("summary-invalid")).toHaveTextContent("1");
    expect(screen.getByTestId("summary-duplicates")).toHaveTextContent("2");
    expect(screen.getByTestId("summary-credits")).toHaveTextContent("12");
    expect(screen.getByTestId("summary-balance")).toHaveTextContent("500");
    expect(screen.queryByTestId("summary-suppressed")).not.toBeInTheDocument();
    expect(screen.getByTestId("summary-groups")).toHaveTextContent("Customers");
    expect(screen.getByTestId("summary-typed")).toHaveTextContent("1");
    expect(screen.getByTestId("preview-sample")).toHaveTextContent("Hi Somchai");
    expect(screen.getByText("The message 0812345678 will get")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(nameBox().value).toBe("November");
    await waitFor(() => expect(screen.getByRole("button", { name: "Preview" })).toHaveFocus());
    expect(messageBox().value).toBe("Hi {first_name}");
    await user.click(screen.getByRole("button", { name: "Preview" }));

    // One confirmation (D33): the review's button says what it does, no dialog follows.
    await user.click(await screen.findByRole("button", { name: "Send 12 messages · 12 credits" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Campaign "November" sent'));
    expect(create.calls).toHaveLength(1);
    expect(create.calls[0]?.body).toEqual(body);
    // Every send lands on its own report (D34).
    expect(await screen.findByText("campaign 77 report")).toBeInTheDocument();
  });

  it("warns how many recipients lack a tag's value and gives them a fallback in one click (D35)", async () => {
    let previews = 0;
    previewResult = () => {
      previews += 1;
      return { ...PREVIEW, personalised: true, missing_values: previews === 1 ? 3 : 0 };
    };
    const { user } = await renderForm();
    await compose(user);
    await user.click(screen.getByRole("button", { name: "Preview" }));
    expect(await screen.findByTestId("preview-missing-values")).toHaveTextContent(
      "3 recipients have no value for a tag",
    );
    await user.click(screen.getByRole("button", { name: 'Use "customer" where there is no name' }));
    await waitFor(() => expect(screen.queryByTestId("preview-missing-values")).not.toBeInTheDocument());
    expect(preview.calls[1]?.body).toMatchObject({ message: "Hi {first_name|customer}" });
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(messageBox().value).toBe("Hi {first_name|customer}");
  });

  it("shows warnings and blocks sending when the credits are not enough, with a buy link", async () => {
    previewResult = () => ({
      ...PREVIEW,
      credits: 600,
      enough_credits: false,
      warnings: [{ code: "advertising_quiet_hours", message: "Advertising at night may disturb." }],
    });
    const { user } = await renderForm();
    await compose(user);
    await user.click(screen.getByRole("button", { name: "Preview" }));
    expect(await screen.findByTestId("preview-insufficient-credits")).toHaveTextContent(
      "100 more are needed",
    );
    expect(screen.getByTestId("campaign-warning-advertising_quiet_hours")).toHaveTextContent(
      "Advertising at night may disturb.",
    );
    expect(screen.getByRole("link", { name: "Buy a package" })).toHaveAttribute("href", "/en/subscriptions");
    expect(screen.getByRole("button", { name: "Send 12 messages · 600 credits" })).toBeDisabled();
  });

  it("puts the server's field errors back on the compose step", async () => {
    createResult = () =>
      apiError(422, "VALIDATION", "Please check the form.", {
        details: [{ path: "manual_contacts", message: "Manual contacts are limited to 1000 contacts." }],
      });
    const { user } = await renderForm();
    await compose(user);
    await user.click(screen.getByRole("button", { name: "Preview" }));
    await user.click(await screen.findByRole("button", { name: "Send 12 messages · 12 credits" }));
    expect(await screen.findByText(/Manual contacts are limited to 1000 contacts\./)).toBeInTheDocument();
    expect(manualBox()).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(manualBox()).toHaveFocus());
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("says when the credits ran out at sending", async () => {
    createResult = () => apiError(402, "INSUFFICIENT_CREDITS", "Not enough credits.");
    const { user } = await renderForm();
    await compose(user);
    await user.click(screen.getByRole("button", { name: "Preview" }));
    await user.click(await screen.findByRole("button", { name: "Send 12 messages · 12 credits" }));
    expect(await screen.findByTestId("insufficient-credits")).toHaveTextContent(
      "You do not have enough credits to send this campaign.",
    );
  });

  it("puts a chosen template's whole text in the message and sends its id", async () => {
    templates = [TEMPLATE];
    const { user } = await renderForm();
    await waitFor(() => expect(senderSelect().value).toBe("AcmeOtp"));
    await fill(user, nameBox(), "Bills");
    await fill(user, manualBox(), "0812345678");
    await user.selectOptions(await screen.findByRole("combobox", { name: /Template/ }), "5");
    await waitFor(() => expect(messageBox().value).toBe("Dear {first_name}, your bill is due."));
    await user.click(screen.getByRole("button", { name: "Preview" }));
    await screen.findByRole("heading", { name: "Check before sending" });
    expect(preview.calls[0]?.body).toMatchObject({
      template_id: 5,
      message: "Dear {first_name}, your bill is due.",
    });
  });

  it("shows the suppressed numbers for marketing", async () => {
    senders = [SHARED, { ...SHARED, id: 2, name: "ACME", shared: false, type: "marketing" }];
    previewResult = () => ({ ...PREVIEW, suppressed: 4 });
    const { user } = await renderForm();
    await waitFor(() => expect(senderSelect().value).toBe("AcmeOtp"));
    await user.selectOptions(screen.getByRole("combobox", { name: /Purpose/ }), "marketing");
    await waitFor(() => expect(senderSelect().value).toBe("ACME"));
    await compose(user, "ACME");
    await user.click(screen.getByRole("button", { name: "Preview" }));
    expect(await screen.findByTestId("summary-suppressed")).toHaveTextContent("4");
    expect(screen.getByTestId("summary-sender")).toHaveTextContent("ACME");
  });

  it("says what the opt-out footer costs in the review, and when it costs nothing more", async () => {
    senders = [SHARED, { ...SHARED, id: 2, name: "ACME", shared: false, type: "marketing" }];
    const footer = { footer: "\nOpt out: https://sms.example.test/u/xxxxxxxxxxxxxx", characters: 48 };
    let credits = 12;
    previewResult = () => ({ ...PREVIEW, opt_out: { ...footer, credits } });
    const { user } = await renderForm();
    await waitFor(() => expect(senderSelect().value).toBe("AcmeOtp"));
    await user.selectOptions(screen.getByRole("combobox", { name: /Purpose/ }), "marketing");
    await waitFor(() => expect(senderSelect().value).toBe("ACME"));
    await compose(user, "ACME");
    await user.click(screen.getByRole("button", { name: "Preview" }));
    expect(await screen.findByTestId("summary-optOut")).toHaveTextContent(
      "48 characters, 12 credits (included below)",
    );
    credits = 0;
    await user.click(screen.getByRole("button", { name: "Back" }));
    await user.click(await screen.findByRole("button", { name: "Preview" }));
    expect(await screen.findByTestId("summary-optOut")).toHaveTextContent(
      "48 characters, no extra credit: it fits in the same parts",
    );
  });

  it("schedules a one-time send instead of sending: the schedules endpoint, the toast with the time", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOON_BANGKOK);
    try {
      const { user } = await renderForm();
      await compose(user);
      await user.click(screen.getByRole("radio", { name: "Once, at a date and time" }));
      await user.click(screen.getByRole("button", { name: "Preview" }));
      expect(await screen.findByText(/Please choose the send date and time\./)).toBeInTheDocument();
      expect(preview.calls).toHaveLength(0);
      const dialog = await openCalendar();
      await user.click(day(dialog, 20));
      await user.click(within(dialog).getByRole("button", { name: "Done" }));
      await user.click(screen.getByRole("button", { name: "Preview" }));
      expect(await screen.findByTestId("schedule-summary")).toHaveTextContent("Once, on 20 May 2026 09:00");
      await user.click(screen.getByRole("button", { name: "Schedule · 12 credits per send" }));
      await waitFor(() => expect(schedule.calls).toHaveLength(1));
      expect(await schedule.calls[0]?.request.json()).toMatchObject({
        name: "November",
        group_ids: [1],
        run_at: "2026-05-20 09:00",
      });
      expect(create.calls).toHaveLength(0);
      // No link in the toast to the page it opens (D41).
      expect(toast.success).toHaveBeenCalledWith("November is scheduled for 20 May 2026 00:00.");
      expect(await screen.findByText("schedules page")).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
