import type { TContactImport, TContactImportRow } from "@sms/domain/contracts/contact-imports";
import { contactImportsEndpoints } from "@sms/domain/endpoints/contact-imports";
import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { screen, waitFor, within } from "@testing-library/react";
import type userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { consentWording, page } from "../../../../test/factories";
import { apiError, type MockedEndpoint, mockEndpoint } from "../../../../test/msw";
import { createTestQueryClient, renderApp } from "../../../../test/render";
import { uploadImport } from "../lib/upload-import";
import { ContactImportPanel } from "./contact-import-panel";

// The upload goes through MSW; the wrapper only lets one test report part of the file sent while
// the server has not answered, which MSW cannot (it reports the progress with its answer).
vi.mock("../lib/upload-import", async (original) => {
  const actual = await original<typeof import("../lib/upload-import")>();
  return { ...actual, uploadImport: vi.fn(actual.uploadImport) };
});
vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const row = (n: number, phone: string, status: TContactImportRow["status"]): TContactImportRow => ({
  row_number: n,
  first_name: `First${n}`,
  last_name: `Last${n}`,
  phone_number: phone,
  status,
  same_as_row: status === "duplicate" ? 1 : null,
});

function anImport(overrides: Partial<TContactImport> = {}): TContactImport {
  return {
    id: "11111111-1111-4111-8111-111111111111",
    group_id: 7,
    status: "preview",
    file_name: "contacts.csv",
    encoding: "utf-8",
    processed_rows: 6,
    total_rows: 6,
    valid_rows: 3,
    invalid_rows: 1,
    duplicate_rows: 1,
    existing_rows: 1,
    imported_rows: 0,
    examples: {
      valid: [row(1, "0812345678", "valid")],
      invalid: [row(2, "12345", "invalid")],
      duplicate: [row(3, "0812345678", "duplicate")],
      existing: [row(4, "0898765432", "existing")],
    },
    error: null,
    created_at: "2026-01-02T03:04:05.000Z",
    updated_at: "2026-01-02T03:04:05.000Z",
    ...overrides,
  };
}

/** What the fake server answers; tests change it as the import moves on. */
let current: TContactImport | null;
let polled: TContactImport[];

let upload: MockedEndpoint<typeof contactImportsEndpoints.upload>;
/** The server's answer to the upload (a test may hold it back). */
let uploaded: () => TContactImport | Promise<TContactImport>;
let rows: MockedEndpoint<typeof contactImportsEndpoints.rows>;

async function renderPanel(path = "/en/contacts/7", userOptions?: Parameters<typeof userEvent.setup>[0]) {
  const client = createTestQueryClient();
  const invalidate = vi.spyOn(client, "invalidateQueries");
  const view = await renderApp(<ContactImportPanel groupId={7} />, {
    path,
    pattern: path.startsWith("/en/") ? "/:lang/contacts/:id" : "/contacts/:id",
    client,
    userOptions,
  });
  return { ...view, invalidate };
}

beforeEach(() => {
  localStorage.clear();
  current = null;
  polled = [];
  uploaded = () => anImport({ status: "parsing" });
  mockEndpoint(contactImportsEndpoints.current, () => ({ data: current }));
  mockEndpoint(contactImportsEndpoints.get, () => ({ data: (polled.shift() ?? current) as TContactImport }));
  rows = mockEndpoint(contactImportsEndpoints.rows, page([row(2, "12345", "invalid")]));
  upload = mockEndpoint(contactImportsEndpoints.upload, async () => ({ data: await uploaded() }));
  mockEndpoint(contactsEndpoints.getConsentWording, { data: consentWording() });
});
afterEach(() => {
  for (const call of rows.calls) expect(call.query).toMatchObject({ status: "invalid", page: 1 });
  vi.clearAllMocks();
});

describe("ContactImportPanel", () => {
  it("checks the file's extension with the spec's messages before uploading", async () => {
    const { user } = await renderPanel("/en/contacts/7", { applyAccept: false });
    const submit = await screen.findByRole("button", { name: "Upload and check" });
    await user.click(submit);
    expect(screen.getByTestId("import-error")).toHaveTextContent("Please add file .csv or .xls file!");
    const input = screen.getByLabelText("Contact file");
    expect(input).toHaveAttribute("accept", ".csv,.xlsx");
    await user.upload(input, new File(["%PDF"], "list.pdf", { type: "application/pdf" }));
    expect(screen.getByTestId("import-error")).toHaveTextContent("Unsupported file format");
    await user.click(submit);
    expect(upload.calls).toHaveLength(0);
    expect(screen.getByRole("link", { name: "CSV template" })).toHaveAttribute(
      "href",
      "/api/v1/c/contact-imports/template?format=csv",
    );
    expect(screen.getByRole("link", { name: "Excel template" })).toHaveAttribute(
      "href",
      "/api/v1/c/contact-imports/template?format=xlsx",
    );
  });

  it("shows the upload's progress, then the reading's, then the preview", async () => {
    let progress: (fraction: number) => void = () => {};
    let finish: (value: TContactImport) => void = () => {};
    uploaded = () =>
      new Promise((resolve) => {
        finish = resolve;
      });
    // The browser reports the bytes sent; MSW only reports them with its answer.
    vi.mocked(uploadImport).mockImplementationOnce(async (groupId, file, locale, onProgress) => {
      progress = onProgress;
      const { uploadImport: actual } =
        await vi.importActual<typeof import("../lib/upload-import")>("../lib/upload-import");
      return actual(groupId, file, locale, () => {});
    });
    const { user } = await renderPanel();
    await user.upload(await screen.findByLabelText("Contact file"), new File(["a,b"], "contacts.csv"));
    await user.click(screen.getByRole("button", { name: "Upload and check" }));
    await waitFor(() => expect(upload.calls).toHaveLength(1));
    expect(upload.lastCall?.params).toEqual({ id: 7 });
    expect(upload.lastCall?.request.headers.get("Accept-Language")).toBe("en");
    const sent = upload.lastCall?.body.get("file") as File;
    expect([sent.name, await sent.text()]).toEqual(["contacts.csv", "a,b"]);
    progress(0.4);
    const bar = await screen.findByRole("progressbar", { name: "Upload progress" });
    await waitFor(() => expect(bar).toHaveAttribute("value", "0.4"));
    expect(screen.getByText("Uploading contacts.csv… 40%")).toBeInTheDocument();

    const parsing = anImport({ status: "parsing", processed_rows: 50_000, total_rows: 0 });
    polled = [parsing];
    current = anImport();
    finish(parsing);
    expect(await screen.findByRole("progressbar", { name: "Reading the file" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Reading contacts.csv… 50,000 rows read");

    // The next poll (about a second later) finds the preview.
    const counts = await screen.findByTestId("import-counts", {}, { timeout: 3_000 });
    expect(within(counts).getByTestId("count-valid")).toHaveTextContent("3");
    expect(within(counts).getByTestId("count-invalid")).toHaveTextContent("1");
    expect(within(counts).getByTestId("count-duplicate")).toHaveTextContent("1");
    expect(within(counts).getByTestId("count-existing")).toHaveTextContent("1");
    expect(screen.getByRole("status")).toHaveTextContent("Check the file before importing");
  });

  it("loads the group's current import on mount, so closing the tab loses nothing", async () => {
    current = anImport();
    await renderPanel();
    expect(
      await screen.findByRole("heading", { name: "Check the file before importing" }),
    ).toBeInTheDocument();
    expect(screen.getByText("File: contacts.csv (6 rows)")).toBeInTheDocument();
    const examples = screen.getByRole("region", { name: "Examples: Duplicate in the file" });
    expect(within(examples).getByText("First3 Last3")).toBeInTheDocument();
    // Which row counts for the number (review D26).
    expect(within(examples).getByTestId("same-as-row")).toHaveTextContent("Skipped: same number as row 1");
    expect(screen.getByText("1 invalid rows will be removed.")).toBeInTheDocument();
  });

  it("corrects an invalid row in place, and shows the server's refusal", async () => {
    current = anImport();
    const { user } = await renderPanel();
    const phone = await screen.findByRole("textbox", { name: "Phone number of row 2" });
    const fixed = anImport({ valid_rows: 4, invalid_rows: 0 });
    const fix = mockEndpoint(contactImportsEndpoints.fixRow, {
      data: { row: row(2, "0811111111", "valid"), import: fixed },
    });
    mockEndpoint(
      contactImportsEndpoints.fixRow,
      apiError(400, "VALIDATION", "Invalid", {
        details: [{ path: "phone_number", message: "Phone Number is invalid!" }],
      }),
      // 021234567 is a landline, which the contract refuses: the server's 400 is the point.
      { once: true, unchecked: true },
    );
    await user.clear(phone);
    await user.type(phone, "021234567");
    await user.click(screen.getByRole("button", { name: "Save row 2" }));
    expect(await screen.findByText("* Phone Number is invalid!")).toBeInTheDocument();
    expect(phone).toHaveAttribute("aria-invalid", "true");

    await user.clear(phone);
    await user.type(phone, "0811111111");
    await user.click(screen.getByRole("button", { name: "Save row 2" }));
    await waitFor(() => expect(screen.getByTestId("count-valid")).toHaveTextContent("4"));
    expect(toast.success).toHaveBeenCalledWith("Row 2 saved.");
    expect(fix.calls.map(({ params, body }) => ({ params, body }))).toEqual([
      {
        params: { importId: fixed.id, rowNumber: 2 },
        body: { phone_number: "0811111111", first_name: "First2", last_name: "Last2" },
      },
    ]);
  });

  it("continues, follows the insert and announces the result once", async () => {
    current = anImport();
    const { invalidate, user } = await renderPanel();
    await screen.findByRole("textbox", { name: "Phone number of row 2" });
    const importing = anImport({ status: "importing" });
    const completed = anImport({ status: "completed", imported_rows: 3 });
    const confirm = mockEndpoint(contactImportsEndpoints.confirm, { data: importing });
    polled = [importing];
    // What the contacts agreed to goes with the decision, for each one's consent history (ADR 94):
    // it starts as the organization's wording and may not be blank (ADR 108).
    const consent = screen.getByRole("textbox", { name: /What the contacts agreed to/ });
    await waitFor(() => expect(consent).toHaveValue(consentWording().text));
    expect(consent).toBeRequired();
    expect(consent).toHaveAccessibleDescription(/consent wording, version 4/);
    await user.clear(consent);
    const continueButton = await screen.findByRole("button", { name: "Continue and import 3 contacts" });
    await user.click(continueButton);
    expect(consent).toHaveAccessibleDescription(/Please enter what these contacts agreed to/);
    expect(consent).toHaveAttribute("aria-invalid", "true");
    expect(confirm.calls).toHaveLength(0);
    await user.type(consent, "Shop form v3");
    expect(consent).not.toHaveAttribute("aria-invalid");
    await user.click(continueButton);
    expect(await screen.findByRole("progressbar", { name: "Importing contacts" })).toBeInTheDocument();
    expect(confirm.calls.map((call) => ({ params: call.params, body: call.body }))).toEqual([
      { params: { importId: importing.id }, body: { consent_statement: "Shop form v3" } },
    ]);
    current = completed;
    const finished = await screen.findByTestId("import-finished", {}, { timeout: 3_000 });
    expect(within(finished).getByRole("heading", { name: "Import completed" })).toBeInTheDocument();
    expect(within(finished).getByText("3 contacts were added to the group.")).toBeInTheDocument();
    expect(
      within(finished).getByText("Left out: 1 invalid, 1 duplicate, 1 already in the group."),
    ).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("3 contacts were added to the group.");
    expect(toast.success).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledWith("3 contacts imported");
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["contact-groups"] });

    current = null;
    await user.click(screen.getByRole("button", { name: "Import another file" }));
    expect(await screen.findByRole("button", { name: "Upload and check" })).toBeInTheDocument();
  });

  it("skips the file and offers the upload again", async () => {
    current = anImport();
    const { user } = await renderPanel();
    await screen.findByRole("textbox", { name: "Phone number of row 2" });
    const cancel = mockEndpoint(contactImportsEndpoints.cancel, () => {
      current = null;
      return { data: anImport({ status: "cancelled" }) };
    });
    await user.click(await screen.findByRole("button", { name: "Skip this file" }));
    expect(await screen.findByRole("button", { name: "Upload and check" })).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith("The import was cancelled.");
    expect(cancel.calls).toHaveLength(1);
  });

  it("shows why a file could not be read", async () => {
    current = anImport({ status: "failed", error: "The file has no contacts." });
    await renderPanel();
    expect(
      await screen.findByRole("heading", { name: "The file could not be imported" }),
    ).toBeInTheDocument();
    expect(screen.getByText("The file has no contacts.")).toBeInTheDocument();
  });

  it("speaks Thai on a Thai page", async () => {
    current = anImport();
    await renderPanel("/contacts/7");
    expect(await screen.findByRole("heading", { name: "ตรวจสอบไฟล์ก่อนนำเข้า" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "ข้ามไฟล์นี้" })).toBeInTheDocument();
  });
});
