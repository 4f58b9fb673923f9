import { sendersEndpoints } from "@sms/domain/endpoints/senders";
import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "~/lib/api-client";
import { sender } from "../../../../test/factories";
import { apiError, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { uploadEvidence } from "../api/upload-evidence";
import { SenderForm } from "./sender-form";

// The evidence upload (multipart FormData, one call over the api client) stays replaced here:
// answering jsdom's FormData through MSW is not tried yet (ADR 75).
vi.mock("../api/upload-evidence", () => ({ uploadEvidence: vi.fn() }));
const toastSuccess = vi.hoisted(() => vi.fn());
vi.mock("sonner", () => ({ toast: { success: toastSuccess, error: vi.fn() } }));
const upload = vi.mocked(uploadEvidence);

const FILE_A = "5b3c1f7e-8a4d-4c2b-9e1f-0a1b2c3d4e5f";
const FILE_B = "6c4d2a8f-9b5e-4d3c-8f2a-1b2c3d4e5f60";

const renderForm = (userOptions?: { applyAccept: boolean }) =>
  renderApp(<SenderForm />, {
    path: "/en/senders/create",
    pages: { "/en/senders": <p>senders page</p> },
    ...(userOptions ? { userOptions } : {}),
  });

const pdfFile = (name: string, size = 1024) =>
  new File([new Uint8Array(size)], name, { type: "application/pdf" });

async function fillBasics(user: UserEvent) {
  await user.type(screen.getByLabelText(/^Sender name/), "MyShop");
  await user.type(screen.getByLabelText(/^Company name/), "My Shop Co., Ltd.");
  await user.click(screen.getByTestId("type-otp"));
  await user.click(screen.getByTestId("account_type-juristic"));
  await user.type(screen.getByLabelText(/^Example message/), "Your code is 1234");
}

let create: ReturnType<typeof mockEndpoint<typeof sendersEndpoints.create>>;
const creates = () => create.calls;

beforeEach(() => {
  create = mockEndpoint(sendersEndpoints.create, { data: sender(7) });
  upload.mockReset();
  toastSuccess.mockReset();
  upload.mockImplementation(async (file: File) => (file.name.startsWith("b") ? FILE_B : FILE_A));
});

describe("SenderForm", () => {
  it("says approval takes 1–3 working days and offers the six kinds of evidence", async () => {
    await renderForm();
    expect(screen.getByTestId("approval-note")).toHaveTextContent("Approval takes 1–3 working days.");
    for (const label of [
      "Company registration document",
      "Website link",
      "P.P.20 (VAT registration)",
      "Copy of the director's ID card",
      "Commercial registration certificate",
      "Copy of your ID card",
    ]) {
      expect(screen.getByRole("radio", { name: label })).toBeInTheDocument();
    }
  });

  it("asks a person for no company and offers the documents of their account type (review D20)", async () => {
    const { user } = await renderForm();
    const offered = () =>
      screen
        .getAllByRole("radio")
        .filter((radio) => radio.getAttribute("name") === "evidence_type")
        .map((radio) => radio.getAttribute("value"));
    await user.click(screen.getByTestId("account_type-juristic"));
    expect(screen.getByLabelText(/^Company name/)).toBeRequired();
    expect(offered()).toEqual(["company_registration", "pp20", "director_id", "website"]);
    await user.click(screen.getByTestId("evidence_type-company_registration"));

    await user.click(screen.getByTestId("account_type-individual"));
    expect(screen.queryByLabelText(/^Company name/)).not.toBeInTheDocument();
    expect(offered()).toEqual(["personal_id", "commercial_registration", "website"]);
    // The company's document is no longer offered, so nothing is chosen.
    expect(screen.getAllByRole("radio", { checked: true }).map((r) => r.getAttribute("name"))).toEqual([
      "account_type",
    ]);

    await user.type(screen.getByLabelText(/^Sender name/), "MaleeShop");
    await user.click(screen.getByTestId("type-marketing"));
    await user.type(screen.getByLabelText(/^Example message/), "Sale today");
    await user.click(screen.getByTestId("evidence_type-website"));
    await user.type(screen.getByRole("textbox", { name: /Website link/ }), "https://malee.example.com");
    await user.click(screen.getByTestId("sender-submit"));
    await waitFor(() => expect(creates()).toHaveLength(1));
    expect(creates()[0]).toMatchObject({
      body: { account_type: "individual", company_name: "", evidence_type: "website" },
    });
  });

  it("needs the evidence choice, with the spec's message, and shows the name rule under the field", async () => {
    const { user } = await renderForm();
    await fillBasics(user);
    await user.clear(screen.getByLabelText(/^Sender name/));
    await user.type(screen.getByLabelText(/^Sender name/), "My Shop");
    await user.click(screen.getByTestId("sender-submit"));
    expect(
      await screen.findByText(/Please select Evidence for applying for SENDER ID\./),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Sender name must be at most 10 characters: English letters, digits and \. - _ only/),
    ).toBeInTheDocument();
    expect(creates()).toHaveLength(0);
  });

  it("asks for a website link when the evidence is a website, and sends it without files", async () => {
    const { user, router } = await renderForm();
    await fillBasics(user);
    await user.click(screen.getByTestId("evidence_type-website"));
    expect(screen.getByTestId("evidence-input").closest("[hidden]")).not.toBeNull();
    await user.type(screen.getByRole("textbox", { name: /Website link/ }), "not a link");
    await user.click(screen.getByTestId("sender-submit"));
    expect(
      await screen.findByText(/Please enter the website link, starting with http:\/\/ or https:\/\/\./),
    ).toBeInTheDocument();
    await user.clear(screen.getByRole("textbox", { name: /Website link/ }));
    await user.type(screen.getByRole("textbox", { name: /Website link/ }), "https://myshop.example.com");
    await user.click(screen.getByTestId("sender-submit"));
    await waitFor(() => expect(creates()).toHaveLength(1));
    expect(creates()[0]?.body).toEqual({
      name: "MyShop",
      company_name: "My Shop Co., Ltd.",
      type: "otp",
      account_type: "juristic",
      evidence_type: "website",
      evidence_url: "https://myshop.example.com",
      evidence_file_ids: [],
      example_message: "Your code is 1234",
    });
    expect(toastSuccess).toHaveBeenCalledWith(
      "Sender name requested. We will check it within 1–3 working days.",
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/senders"));
  });

  it("uploads each file, shows its name and size and its own error, and sends the uploaded ids", async () => {
    const { user } = await renderForm({ applyAccept: false });
    await fillBasics(user);
    await user.click(screen.getByTestId("evidence_type-pp20"));
    await user.click(screen.getByTestId("sender-submit"));
    expect(await screen.findByText(/Please add 1 to 5 evidence files/)).toBeInTheDocument();

    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.pdf", { type: "application/pdf" });
    const word = new File(["x"], "letter.docx", { type: "application/msword" });
    await user.upload(screen.getByTestId("evidence-input"), [
      pdfFile("a.pdf", 1536),
      pdfFile("b.pdf"),
      big,
      word,
    ]);
    const entries = await screen.findAllByTestId("evidence-entry");
    expect(entries).toHaveLength(4);
    expect(entries[0]).toHaveTextContent("a.pdf");
    expect(entries[0]).toHaveTextContent("1.5 KB");
    await waitFor(() => expect(within(entries[0] as HTMLElement).getByText("Uploaded")).toBeInTheDocument());
    expect(within(entries[2] as HTMLElement).getByTestId("evidence-file-error")).toHaveTextContent(
      "The file must not be larger than 5 MB.",
    );
    expect(within(entries[3] as HTMLElement).getByTestId("evidence-file-error")).toHaveTextContent(
      "Please add a .pdf, .png or .jpg file!",
    );
    expect(upload).toHaveBeenCalledTimes(2);

    await user.click(screen.getByTestId("sender-submit"));
    await waitFor(() => expect(creates()).toHaveLength(1));
    expect(creates()[0]).toMatchObject({
      body: { evidence_type: "pp20", evidence_file_ids: [FILE_A, FILE_B] },
    });
  });

  it("shows a refused upload's message from the server under that file", async () => {
    upload.mockRejectedValueOnce(
      new ApiError(400, "VALIDATION", "Please add a .pdf, .png or .jpg file!", {
        details: [{ path: "file", message: "Please add a .pdf, .png or .jpg file!" }],
      }),
    );
    const { user } = await renderForm();
    await user.click(screen.getByTestId("evidence_type-personal_id"));
    await user.upload(screen.getByTestId("evidence-input"), pdfFile("renamed.pdf"));
    expect(await screen.findByTestId("evidence-file-error")).toHaveTextContent(
      "Please add a .pdf, .png or .jpg file!",
    );
  });

  it("puts the server's 409 on the name", async () => {
    mockEndpoint(
      sendersEndpoints.create,
      apiError(409, "CONFLICT", "This sender name is already in use or waiting for approval.", {
        details: [{ path: "name", message: "This sender name is already in use or waiting for approval." }],
      }),
    );
    const { user } = await renderForm();
    await fillBasics(user);
    await user.click(screen.getByTestId("evidence_type-website"));
    await user.type(screen.getByRole("textbox", { name: /Website link/ }), "https://myshop.example.com");
    await user.click(screen.getByTestId("sender-submit"));
    expect(
      await screen.findByText(/This sender name is already in use or waiting for approval\./),
    ).toBeInTheDocument();
  });
});
