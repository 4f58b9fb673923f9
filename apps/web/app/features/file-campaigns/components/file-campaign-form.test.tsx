import type { TCampaign, TFileCampaignPreview } from "@sms/domain/contracts/campaigns";
import type { TSchedule } from "@sms/domain/contracts/schedules";
import type { TSender } from "@sms/domain/contracts/senders";
import { campaignsEndpoints } from "@sms/domain/endpoints/campaigns";
import { schedulesEndpoints } from "@sms/domain/endpoints/schedules";
import { sendersEndpoints } from "@sms/domain/endpoints/senders";
import { templatesEndpoints } from "@sms/domain/endpoints/templates";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { day, NOON_BANGKOK, openCalendar } from "~/components/form/calendar-test-utils";
import { uploadWithProgress } from "~/lib/authorized-files";
import { page } from "../../../../test/factories";
import { apiError, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { fileCampaignDraft } from "../lib/draft";
import { FileCampaignForm } from "./file-campaign-form";

// The uploads go through MSW; the wrapper only lets one test report part of the bytes sent while
// the server has not answered, which MSW cannot (it reports the progress with its answer).
vi.mock("~/lib/authorized-files", async (original) => {
  const actual = await original<typeof import("~/lib/authorized-files")>();
  return { ...actual, uploadWithProgress: vi.fn(actual.uploadWithProgress) };
});
vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

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
  opt_out: null,
  warnings: [],
  file_name: "customers.csv",
  rows: 5,
  encoding: "utf-8",
  phone_column: "Phone",
  tags: ["{phone_number}", "{first_name}", "{amount_due}"],
};

const csv = (name = "customers.csv") => new File(["Phone,Name,Amount Due\n0812345678,Ann,100\n"], name);

/** The senders list answers once this settles (a test may hold it back). */
let sendersGate: Promise<void> = Promise.resolve();

/** One multipart request the server received: its path, query, text fields and headers. */
interface Upload {
  path: string;
  search: Record<string, string>;
  fields: Record<string, string>;
  file: File;
  headers: Headers;
}
let uploads: Upload[];
/** The server's answers to the next uploads, in order; a reading of the file (READ) after them. */
let answers: ((upload: Upload) => Response | Promise<Response>)[];

async function receive(request: Request, form: FormData): Promise<Response> {
  const url = new URL(request.url);
  const fields: Record<string, string> = {};
  let file: File | undefined;
  form.forEach((value, name) => {
    if (typeof value === "string") fields[name] = value;
    else file = value as File;
  });
  const upload: Upload = {
    path: url.pathname.replace("/api/v1", ""),
    search: Object.fromEntries(url.searchParams),
    fields,
    file: file as File,
    headers: request.headers,
  };
  uploads.push(upload);
  const next = answers.shift();
  return next ? next(upload) : HttpResponse.json({ data: READ });
}

const answer = (status: number, data: TFileCampaignPreview | TCampaign | TSchedule) => () =>
  HttpResponse.json({ data }, { status });

function renderForm(userOptions?: Parameters<typeof userEvent.setup>[0]) {
  mockEndpoint(sendersEndpoints.list, async () => {
    await sendersGate;
    return page([SHARED], { size: 100 });
  });
  // The compose step offers the templates (the old fake refused the request; the step hid the error).
  mockEndpoint(templatesEndpoints.list, page([], { size: 100 }));
  mockEndpoint(campaignsEndpoints.importFile, ({ request, body }) => receive(request, body));
  mockEndpoint(schedulesEndpoints.importFile, ({ request, body }) => receive(request, body));
  return renderApp(<FileCampaignForm />, {
    path: "/en/messages/files",
    pages: {
      "/en/reports/campaigns/schedule_headers": <p>schedules page</p>,
      "/en/reports/campaigns/:id": <p>campaign report</p>,
    },
    userOptions,
  });
}

const senderSelect = () => screen.getByRole("combobox", { name: /Sender name/ }) as HTMLSelectElement;
const fileInput = () => screen.getByTestId("file-input") as HTMLInputElement;
const uploadButton = () => screen.getByRole("button", { name: "Upload and read the file" });
const fieldsOf = (index: number) => uploads[index]?.fields;

async function readFile(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() => expect(senderSelect().value).toBe("AcmeOtp"));
  await user.upload(fileInput(), csv());
  await user.click(uploadButton());
  await screen.findByTestId("file-compose");
}

beforeEach(() => {
  sendersGate = Promise.resolve();
  fileCampaignDraft.clear();
  uploads = [];
  answers = [];
});
afterEach(() => vi.clearAllMocks());

describe("FileCampaignForm", () => {
  it("asks for a file, and refuses anything but CSV or XLSX with the spec's messages", async () => {
    const { user } = await renderForm({ applyAccept: false });
    await waitFor(() => expect(senderSelect().value).toBe("AcmeOtp"));
    await user.click(uploadButton());
    expect(screen.getByTestId("file-error")).toHaveTextContent("Please add file .csv or .xls file!");
    await user.upload(fileInput(), new File(["%PDF"], "list.pdf", { type: "application/pdf" }));
    expect(screen.getByTestId("file-error")).toHaveTextContent("Unsupported file format");
    expect(fileInput()).toHaveAttribute("aria-invalid", "true");
    await user.click(uploadButton());
    expect(uploads).toHaveLength(0);
    await user.upload(fileInput(), csv("list.XLSX"));
    expect(screen.getByTestId("file-error")).toBeEmptyDOMElement();
  });

  it("reads the file under the default sender when Upload is pressed before the senders arrived", async () => {
    // The senders answer only after the click, as on a slow phone or a busy server.
    let answerSenders: () => void = () => {};
    sendersGate = new Promise<void>((resolve) => {
      answerSenders = resolve;
    });
    const { user } = await renderForm();
    fireEvent.change(fileInput(), { target: { files: [csv()] } });
    await user.click(uploadButton());
    answerSenders();
    await screen.findByTestId("file-compose");
    expect(fieldsOf(0)?.sender).toBe("AcmeOtp");
    expect(screen.queryByText("* Please choose the sender name.")).toBeNull();
  });

  it("shows the upload's progress, then the file's columns and tags", async () => {
    let finish: () => void = () => {};
    const read = new Promise<void>((resolve) => {
      finish = resolve;
    });
    answers.push(async () => {
      await read;
      return HttpResponse.json({ data: READ });
    });
    // The browser has sent 42% of the file; the server has not answered yet.
    vi.mocked(uploadWithProgress).mockImplementationOnce(async (path, file, locale, onProgress, options) => {
      onProgress(0.42);
      const { uploadWithProgress: actual } =
        await vi.importActual<typeof import("~/lib/authorized-files")>("~/lib/authorized-files");
      return actual(path, file, locale, () => {}, options);
    });
    const { user } = await renderForm();
    await waitFor(() => expect(senderSelect().value).toBe("AcmeOtp"));
    await user.upload(fileInput(), csv());
    await user.click(uploadButton());
    const progress = await screen.findByTestId("file-upload-progress");
    expect(within(progress).getByRole("progressbar", { name: "Upload progress" })).toHaveAttribute(
      "value",
      "0.42",
    );
    expect(progress).toHaveTextContent("Uploading customers.csv… 42%");
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect([uploads[0]?.path, uploads[0]?.search]).toEqual(["/c/campaigns/import", { dry_run: "true" }]);
    expect([uploads[0]?.file.name, await uploads[0]?.file.text()]).toEqual([
      "customers.csv",
      "Phone,Name,Amount Due\n0812345678,Ann,100\n",
    ]);
    expect(fieldsOf(0)).toEqual({
      sender: "AcmeOtp",
      purpose: "general",
      message: "{phone_number}",
      track_links: "false",
      opt_out_link: "true",
    });
    finish();
    const columns = await screen.findByRole("heading", { name: "Columns and message" });
    await waitFor(() => expect(columns).toHaveFocus());
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
    const { user } = await renderForm();
    await readFile(user);
    answers.push(
      answer(200, {
        ...READ,
        phone_column: "Amount Due",
        recipients: 0,
        tags: ["{phone_number}", "{first_name}", "{phone}"],
      }),
    );
    await user.selectOptions(screen.getByRole("combobox", { name: /Phone number column/ }), "amount_due");
    await waitFor(() => expect(uploads).toHaveLength(2));
    expect(fieldsOf(1)).toMatchObject({ phone_column: "amount_due" });
    const column = screen.getByRole("combobox", { name: /Phone number column/ }) as HTMLSelectElement;
    await waitFor(() => expect(column.value).toBe("Amount Due"));
    expect(Array.from(column.options).map((o) => o.value)).toEqual(["Phone", "Amount Due"]);
    await user.type(screen.getByRole("textbox", { name: /^Message/ }), "Hi ");
    await user.click(screen.getByTestId("file-tag-first_name"));
    expect(screen.getByRole("textbox", { name: /^Message/ })).toHaveValue("Hi {first_name}");
  });

  it("previews the numbers, then skips invalid rows and sends with the review's one button, landing on the report", async () => {
    const { user } = await renderForm();
    await readFile(user);
    await user.click(screen.getByRole("button", { name: "Preview" }));
    expect(await screen.findByText(/Please enter the message or choose a template/)).toBeInTheDocument();
    expect(uploads).toHaveLength(1);

    answers.push(answer(200, { ...READ, credits: 6, parts: 2, min_parts: 2, max_parts: 2 }));
    await user.type(screen.getByRole("textbox", { name: /^Message/ }), "Due ");
    await user.click(screen.getByTestId("file-tag-amount_due"));
    await user.click(screen.getByRole("button", { name: "Preview" }));
    const review = await screen.findByRole("heading", { name: "Check before sending" });
    await waitFor(() => expect(review).toHaveFocus());
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

    answers.push(answer(201, { id: 91, name: "customers.csv" } as TCampaign));
    expect(uploads).toHaveLength(2);
    await user.click(
      screen.getByRole("button", { name: "Skip 1 invalid rows and send 3 messages · 6 credits" }),
    );
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("File campaign created: customers.csv"));
    expect([uploads[2]?.path, uploads[2]?.search]).toEqual(["/c/campaigns/import", {}]);
    expect(uploads[2]?.headers.get("Idempotency-Key")).toMatch(/\S{8,}/);
    expect(await screen.findByText("campaign report")).toBeInTheDocument();
  });

  it("puts the server's file error back on the file step", async () => {
    const { user } = await renderForm();
    await waitFor(() => expect(senderSelect().value).toBe("AcmeOtp"));
    answers.push(() =>
      apiError(400, "VALIDATION", "Check the file.", {
        details: [{ path: "file", message: "The file has no recipients." }],
      }),
    );
    fireEvent.change(fileInput(), { target: { files: [csv()] } });
    await user.click(uploadButton());
    expect(await screen.findByTestId("file-error")).toHaveTextContent("The file has no recipients.");
    expect(screen.queryByTestId("file-compose")).not.toBeInTheDocument();
  });

  it("schedules the file campaign once: the file goes to the schedules import with the time", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOON_BANGKOK);
    try {
      const { user } = await renderForm();
      await readFile(user);
      await user.type(screen.getByRole("textbox", { name: /^Message/ }), "Hello");
      await user.click(screen.getByRole("radio", { name: "Once, at a date and time" }));
      const dialog = await openCalendar();
      await user.click(day(dialog, 21));
      await user.click(within(dialog).getByRole("button", { name: "Done" }));
      await user.click(screen.getByRole("button", { name: "Preview" }));
      expect(await screen.findByTestId("schedule-summary")).toHaveTextContent("Once, on 21 May 2026 09:00");
      answers.push(
        answer(201, {
          id: 4,
          name: "customers.csv",
          recurring: false,
          run_at: "2026-05-20T17:00:00.000Z",
          next_run_at: "2026-05-20T17:00:00.000Z",
        } as TSchedule),
      );
      await user.click(screen.getByRole("button", { name: "Schedule · 3 credits per send" }));
      await waitFor(() =>
        expect(toast.success).toHaveBeenCalledWith("customers.csv is scheduled for 21 May 2026 00:00."),
      );
      expect(uploads[2]?.path).toBe("/c/schedules/campaigns/import");
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
    const first = await renderForm();
    const { user } = first;
    await readFile(user);
    await user.type(screen.getByRole("textbox", { name: /^Message/ }), "Due soon");
    first.unmount();
    expect(fileCampaignDraft.take()).not.toBeNull();
    await renderForm();
    expect(await screen.findByTestId("file-compose")).toBeInTheDocument();
    expect(screen.getByTestId("file-summary")).toHaveTextContent("customers.csv");
    expect(screen.getByRole("textbox", { name: /^Message/ })).toHaveValue("Due soon");
    expect(uploads).toHaveLength(1);
  });
});
