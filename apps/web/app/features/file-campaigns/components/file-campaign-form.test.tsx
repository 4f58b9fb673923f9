import type { TCampaign, TFileCampaignPreview } from "@sms/domain/contracts/campaigns";
import type { TSender } from "@sms/domain/contracts/senders";
import { sendersEndpoints } from "@sms/domain/endpoints/senders";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { day, NOON_BANGKOK, openCalendar } from "~/components/form/calendar-test-utils";
import { ApiError, api } from "~/lib/api-client";
import { uploadWithProgress } from "~/lib/authorized-files";
import { i18next } from "~/lib/i18n";
import { fileCampaignDraft } from "../lib/draft";
import { FileCampaignForm } from "./file-campaign-form";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
vi.mock("~/lib/authorized-files", () => ({ uploadWithProgress: vi.fn() }));
vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const call = vi.mocked(api.call);
const upload = vi.mocked(uploadWithProgress);

const SHARED = {
  id: 1,
  name: "AcmeOtp",
  type: "otp",
  status: "approved",
  shared: false,
} as TSender;

const READ: TFileCampaignPreview = {
  recipients: 3,
  invalid: 1,
  duplicates: 1,
  suppressed: 0,
  parts: 1,
  min_parts: 1,
  max_parts: 1,
  credits: 3,
  balance: 500,
  enough_credits: true,
  personalised: false,
  missing_values: 0,
  sample: { recipient: "0812345678", message: "Hello" },
  text: { encoding: "single-byte", length: 14, parts: 1, per_part: 160, forcing_char: null },
  warnings: [],
  file_name: "customers.csv",
  rows: 5,
  encoding: "utf-8",
  phone_column: "Phone",
  tags: ["{phone_number}", "{first_name}", "{amount_due}"],
};

const csv = (name = "customers.csv") => new File(["Phone,Name,Amount Due\n0812345678,Ann,100\n"], name);

function renderForm() {
  return renderFormAndKeep();
}

/** The senders list answers once this settles (a test may hold it back). */
let sendersGate: Promise<void> = Promise.resolve();

function renderFormAndKeep() {
  call.mockImplementation(async (endpoint: unknown) => {
    if (endpoint === sendersEndpoints.list) {
      await sendersGate;
      return {
        data: {
          entities: [SHARED],
          page_information: { page: 1, size: 100, total_item: 1, total_pages: 1, limit: 5 },
        },
      } as never;
    }
    throw new Error("unexpected call");
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: "/en/messages/files", element: <FileCampaignForm /> },
      { path: "/en/reports/campaigns/schedule_headers", element: <p>schedules page</p> },
      { path: "/en/reports/campaigns/:id", element: <p>campaign report</p> },
    ],
    { initialEntries: ["/en/messages/files"] },
  );
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const senderSelect = () => screen.getByRole("combobox", { name: /Sender name/ }) as HTMLSelectElement;
const fileInput = () => screen.getByTestId("file-input") as HTMLInputElement;
const uploadButton = () => screen.getByRole("button", { name: "Upload and read the file" });
const fieldsOf = (index: number) => upload.mock.calls[index]?.[4]?.fields;

async function readFile(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() => expect(senderSelect().value).toBe("AcmeOtp"));
  await user.upload(fileInput(), csv());
  await user.click(uploadButton());
  await screen.findByTestId("file-compose");
}

beforeEach(async () => {
  sendersGate = Promise.resolve();
  fileCampaignDraft.clear();
  await i18next.changeLanguage("en");
  upload.mockImplementation(async (_path, _file, _locale, onProgress) => {
    onProgress(1);
    return READ;
  });
});
afterEach(() => vi.clearAllMocks());

describe("FileCampaignForm", () => {
  it("asks for a file, and refuses anything but CSV or XLSX with the spec's messages", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderForm();
    await waitFor(() => expect(senderSelect().value).toBe("AcmeOtp"));
    await user.click(uploadButton());
    expect(screen.getByTestId("file-error")).toHaveTextContent("Please add file .csv or .xls file!");
    await user.upload(fileInput(), new File(["%PDF"], "list.pdf", { type: "application/pdf" }));
    expect(screen.getByTestId("file-error")).toHaveTextContent("Unsupported file format");
    expect(fileInput()).toHaveAttribute("aria-invalid", "true");
    await user.click(uploadButton());
    expect(upload).not.toHaveBeenCalled();
    await user.upload(fileInput(), csv("list.XLSX"));
    expect(screen.getByTestId("file-error")).toBeEmptyDOMElement();
  });

  it("reads the file under the default sender when Upload is pressed before the senders arrived", async () => {
    // The senders answer only after the click, as on a slow phone or a busy server.
    let answerSenders: () => void = () => {};
    sendersGate = new Promise<void>((resolve) => {
      answerSenders = resolve;
    });
    renderForm();
    const user = userEvent.setup();
    fireEvent.change(fileInput(), { target: { files: [csv()] } });
    await user.click(uploadButton());
    answerSenders();
    await screen.findByTestId("file-compose");
    expect(fieldsOf(0)?.sender).toBe("AcmeOtp");
    expect(screen.queryByText("* Please choose the sender name.")).toBeNull();
  });

  it("shows the upload's progress, then the file's columns and tags", async () => {
    let finish: (value: TFileCampaignPreview) => void = () => {};
    upload.mockImplementationOnce(
      (_path, _file, _locale, onProgress) =>
        new Promise((resolve) => {
          onProgress(0.42);
          finish = resolve as typeof finish;
        }),
    );
    const user = userEvent.setup();
    renderForm();
    await waitFor(() => expect(senderSelect().value).toBe("AcmeOtp"));
    await user.upload(fileInput(), csv());
    await user.click(uploadButton());
    const progress = await screen.findByTestId("file-upload-progress");
    expect(within(progress).getByRole("progressbar", { name: "Upload progress" })).toHaveAttribute(
      "value",
      "0.42",
    );
    expect(progress).toHaveTextContent("Uploading customers.csv… 42%");
    expect(upload.mock.calls[0]?.[0]).toBe("/c/campaigns/import?dry_run=true");
    expect(fieldsOf(0)).toEqual({
      sender: "AcmeOtp",
      purpose: "general",
      message: "{phone_number}",
      track_links: "false",
    });
    finish(READ);
    expect(await screen.findByRole("heading", { name: "Columns and message" })).toHaveFocus();
    expect(screen.getByTestId("file-summary")).toHaveTextContent("5 rows read; 3 numbers can be sent to.");
    const column = screen.getByRole("combobox", { name: /Phone number column/ }) as HTMLSelectElement;
    expect(column.value).toBe("Phone");
    expect(Array.from(column.options).map((o) => o.value)).toEqual(["Phone", "amount_due"]);
    const tags = within(screen.getByTestId("file-tags"))
      .getAllByRole("button")
      .map((b) => b.textContent);
    expect(tags).toEqual(["{phone_number}", "{first_name}", "{amount_due}"]);
  });

  it("reads the file again with the phone column chosen, and inserts the file's tags in the message", async () => {
    const user = userEvent.setup();
    renderForm();
    await readFile(user);
    upload.mockImplementationOnce(async () => ({
      ...READ,
      phone_column: "Amount Due",
      recipients: 0,
      tags: ["{phone_number}", "{first_name}", "{phone}"],
    }));
    await user.selectOptions(screen.getByRole("combobox", { name: /Phone number column/ }), "amount_due");
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(2));
    expect(fieldsOf(1)).toMatchObject({ phone_column: "amount_due" });
    const column = screen.getByRole("combobox", { name: /Phone number column/ }) as HTMLSelectElement;
    await waitFor(() => expect(column.value).toBe("Amount Due"));
    expect(Array.from(column.options).map((o) => o.value)).toEqual(["Phone", "Amount Due"]);
    await user.type(screen.getByRole("textbox", { name: /^Message/ }), "Hi ");
    await user.click(screen.getByTestId("file-tag-first_name"));
    expect(screen.getByRole("textbox", { name: /^Message/ })).toHaveValue("Hi {first_name}");
  });

  it("previews the numbers, then skips invalid rows and sends with the review's one button, landing on the report", async () => {
    const user = userEvent.setup();
    renderForm();
    await readFile(user);
    await user.click(screen.getByRole("button", { name: "Preview" }));
    expect(await screen.findByText(/Please enter the message or choose a template/)).toBeInTheDocument();
    expect(upload).toHaveBeenCalledTimes(1);

    upload.mockImplementationOnce(async () => ({
      ...READ,
      credits: 6,
      parts: 2,
      min_parts: 2,
      max_parts: 2,
    }));
    await user.type(screen.getByRole("textbox", { name: /^Message/ }), "Due ");
    await user.click(screen.getByTestId("file-tag-amount_due"));
    await user.click(screen.getByRole("button", { name: "Preview" }));
    expect(await screen.findByRole("heading", { name: "Check before sending" })).toHaveFocus();
    expect(fieldsOf(1)).toMatchObject({ message: "Due {amount_due}" });
    expect(screen.getByTestId("summary-recipients")).toHaveTextContent("3");
    expect(screen.getByTestId("summary-invalid")).toHaveTextContent("1");
    expect(screen.getByTestId("summary-duplicates")).toHaveTextContent("1");
    expect(screen.getByTestId("summary-parts")).toHaveTextContent("2");
    expect(screen.getByTestId("summary-credits")).toHaveTextContent("6");
    expect(screen.getByTestId("summary-balance")).toHaveTextContent("500");
    expect(screen.getByTestId("summary-name")).toHaveTextContent("customers.csv");
    expect(screen.getByTestId("file-invalid-notice")).toHaveTextContent(
      "1 row has an invalid number: it is skipped if you continue.",
    );

    upload.mockImplementationOnce(async () => ({ id: 91, name: "customers.csv" }) as TCampaign);
    expect(upload).toHaveBeenCalledTimes(2);
    await user.click(
      screen.getByRole("button", { name: "Skip 1 invalid rows and send 3 messages · 6 credits" }),
    );
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("File campaign created: customers.csv"));
    expect(upload.mock.calls[2]?.[0]).toBe("/c/campaigns/import");
    expect(upload.mock.calls[2]?.[4]?.headers?.["Idempotency-Key"]).toMatch(/\S{8,}/);
    expect(await screen.findByText("campaign report")).toBeInTheDocument();
  });

  it("puts the server's file error back on the file step", async () => {
    const user = userEvent.setup();
    renderForm();
    await waitFor(() => expect(senderSelect().value).toBe("AcmeOtp"));
    upload.mockImplementationOnce(async () => {
      throw new ApiError(400, "VALIDATION", "Check the file.", {
        details: [{ path: "file", message: "The file has no recipients." }],
      });
    });
    fireEvent.change(fileInput(), { target: { files: [csv()] } });
    await user.click(uploadButton());
    expect(await screen.findByTestId("file-error")).toHaveTextContent("The file has no recipients.");
    expect(screen.queryByTestId("file-compose")).not.toBeInTheDocument();
  });

  it("schedules the file campaign once: the file goes to the schedules import with the time", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOON_BANGKOK);
    try {
      const user = userEvent.setup();
      renderForm();
      await readFile(user);
      await user.type(screen.getByRole("textbox", { name: /^Message/ }), "Hello");
      await user.click(screen.getByRole("radio", { name: "Once, at a date and time" }));
      const dialog = await openCalendar();
      await user.click(day(dialog, 21));
      await user.click(within(dialog).getByRole("button", { name: "Done" }));
      await user.click(screen.getByRole("button", { name: "Preview" }));
      expect(await screen.findByTestId("schedule-summary")).toHaveTextContent("Once, on 21 May 2026 09:00");
      upload.mockImplementationOnce(async () => ({
        id: 4,
        name: "customers.csv",
        recurring: false,
        run_at: "2026-05-20T17:00:00.000Z",
        next_run_at: "2026-05-20T17:00:00.000Z",
      }));
      await user.click(screen.getByRole("button", { name: "Schedule · 3 credits per send" }));
      await waitFor(() =>
        expect(toast.success).toHaveBeenCalledWith("customers.csv is scheduled for 21 May 2026 00:00."),
      );
      expect(upload.mock.calls[2]?.[0]).toBe("/c/schedules/campaigns/import");
      expect(fieldsOf(2)).toMatchObject({
        message: "Hello",
        run_at: "2026-05-21 09:00",
        sender: "AcmeOtp",
      });
      expect(await screen.findByText("schedules page")).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives back an unsent draft (the file, its reading, the message) on return, as the import does (D36)", async () => {
    const user = userEvent.setup();
    const first = renderFormAndKeep();
    await readFile(user);
    await user.type(screen.getByRole("textbox", { name: /^Message/ }), "Due soon");
    first.unmount();
    expect(fileCampaignDraft.take()).not.toBeNull();
    renderForm();
    expect(await screen.findByTestId("file-compose")).toBeInTheDocument();
    expect(screen.getByTestId("file-summary")).toHaveTextContent("customers.csv");
    expect(screen.getByRole("textbox", { name: /^Message/ })).toHaveValue("Due soon");
    expect(upload).toHaveBeenCalledTimes(1);
  });
});
