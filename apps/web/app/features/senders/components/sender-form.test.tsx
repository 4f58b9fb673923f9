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

/** The kind select of the n-th document (0-based) and the kinds it offers. */
const kindSelect = (n: number) => screen.getAllByTestId("evidence-kind")[n] as HTMLSelectElement;
const offered = (n: number) =>
  [...kindSelect(n).options].map((option) => option.value).filter((value) => value !== "");

describe("SenderForm", () => {
  it("says approval takes 1–3 working days and asks for documents or a website", async () => {
    await renderForm();
    expect(screen.getByTestId("approval-note")).toHaveTextContent("Approval takes 1–3 working days.");
    const evidence = screen.getByRole("group", { name: /Evidence for applying for the sender name/ });
    expect(within(evidence).getByText("Add files")).toBeInTheDocument();
    expect(within(evidence).getByRole("textbox", { name: /Website link/ })).not.toBeRequired();
    expect(screen.queryAllByRole("radio").map((radio) => radio.getAttribute("name"))).not.toContain(
      "evidence_type",
    );
  });

  it("attaches several documents, each with what it is, and sends them in one request (review D20)", async () => {
    const { user } = await renderForm();
    await fillBasics(user);
    await user.upload(screen.getByTestId("evidence-input"), [
      pdfFile("a-certificate.pdf"),
      pdfFile("b-id.pdf"),
    ]);
    const entries = await screen.findAllByTestId("evidence-entry");
    await waitFor(() => expect(within(entries[1] as HTMLElement).getByText("Uploaded")).toBeInTheDocument());
    expect(offered(0)).toEqual(["company_registration", "pp20", "director_id"]);

    // Sent without saying what each file is: each document asks, nothing goes out.
    await user.click(screen.getByTestId("sender-submit"));
    await waitFor(() => expect(screen.getAllByText(/Please choose what this document is\./)).toHaveLength(2));
    expect(creates()).toHaveLength(0);

    await user.selectOptions(kindSelect(0), "company_registration");
    await user.selectOptions(kindSelect(1), "director_id");
    expect(screen.queryByText(/Please choose what this document is\./)).not.toBeInTheDocument();
    await user.click(screen.getByTestId("sender-submit"));
    await waitFor(() => expect(creates()).toHaveLength(1));
    expect(creates()[0]?.body).toEqual({
      name: "MyShop",
      company_name: "My Shop Co., Ltd.",
      type: "otp",
      account_type: "juristic",
      evidence_url: null,
      evidence_documents: [
        { kind: "company_registration", file_id: FILE_A },
        { kind: "director_id", file_id: FILE_B },
      ],
      example_message: "Your code is 1234",
    });
  });

  it("asks a person for no company and offers the documents of their account type (review D20)", async () => {
    const { user } = await renderForm();
    await user.click(screen.getByTestId("account_type-juristic"));
    expect(screen.getByLabelText(/^Company name/)).toBeRequired();
    await user.upload(screen.getByTestId("evidence-input"), pdfFile("a.pdf"));
    await screen.findByText("Uploaded");
    expect(offered(0)).toEqual(["company_registration", "pp20", "director_id"]);
    await user.selectOptions(kindSelect(0), "company_registration");

    await user.click(screen.getByTestId("account_type-individual"));
    expect(screen.queryByLabelText(/^Company name/)).not.toBeInTheDocument();
    expect(offered(0)).toEqual(["personal_id", "commercial_registration"]);
    // The company's document is no longer offered, so its kind is asked again.
    expect(kindSelect(0)).toHaveValue("");

    await user.type(screen.getByLabelText(/^Sender name/), "MaleeShop");
    await user.click(screen.getByTestId("type-marketing"));
    await user.type(screen.getByLabelText(/^Example message/), "Sale today");
    await user.selectOptions(kindSelect(0), "personal_id");
    await user.click(screen.getByTestId("sender-submit"));
    await waitFor(() => expect(creates()).toHaveLength(1));
    expect(creates()[0]).toMatchObject({
      body: {
        account_type: "individual",
        company_name: "",
        evidence_documents: [{ kind: "personal_id", file_id: FILE_A }],
      },
    });
  });

  it("needs a document or a website, with the spec's message, and shows the name rule under the field", async () => {
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

  it("takes a website link alone, and checks it", async () => {
    const { user, router } = await renderForm();
    await fillBasics(user);
    await user.type(screen.getByRole("textbox", { name: /Website link/ }), "not a link");
    await user.click(screen.getByTestId("sender-submit"));
    expect(
      await screen.findByText(/Please enter the website link, starting with http:\/\/ or https:\/\/\./),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Please select Evidence/)).not.toBeInTheDocument();
    await user.clear(screen.getByRole("textbox", { name: /Website link/ }));
    await user.type(screen.getByRole("textbox", { name: /Website link/ }), "https://myshop.example.com");
    await user.click(screen.getByTestId("sender-submit"));
    await waitFor(() => expect(creates()).toHaveLength(1));
    expect(creates()[0]?.body).toEqual({
      name: "MyShop",
      company_name: "My Shop Co., Ltd.",
      type: "otp",
      account_type: "juristic",
      evidence_url: "https://myshop.example.com",
      evidence_documents: [],
      example_message: "Your code is 1234",
    });
    expect(toastSuccess).toHaveBeenCalledWith(
      "Sender name requested. We will check it within 1–3 working days.",
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/senders"));
  });

  it("checks each file's type and size, shows its own error, keeps at most 5 and sends the uploaded ones", async () => {
    // Each file its own id here, from its first letter.
    upload.mockImplementation(async (file: File) => `${FILE_A.slice(0, -1)}${file.name[0]}`);
    const { user } = await renderForm({ applyAccept: false });
    await fillBasics(user);
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
    // A refused file asks for no kind.
    expect(within(entries[2] as HTMLElement).queryByTestId("evidence-kind")).toBeNull();
    expect(upload).toHaveBeenCalledTimes(2);

    await user.upload(screen.getByTestId("evidence-input"), [
      pdfFile("c.pdf"),
      pdfFile("d.pdf"),
      pdfFile("e.pdf"),
      pdfFile("f.pdf"),
    ]);
    expect(await screen.findByText("At most 5 files: f.pdf was not added.")).toBeInTheDocument();
    expect(screen.getByTestId("evidence-input")).toBeDisabled();

    for (const n of [0, 1, 2, 3, 4]) await user.selectOptions(kindSelect(n), "pp20");
    await user.click(screen.getByTestId("sender-submit"));
    await waitFor(() => expect(creates()).toHaveLength(1));
    expect(creates()[0]?.body.evidence_documents).toEqual(
      ["a", "b", "c", "d", "e"].map((letter) => ({
        kind: "pp20",
        file_id: `${FILE_A.slice(0, -1)}${letter}`,
      })),
    );
  });

  it("shows a refused upload's message from the server under that file", async () => {
    upload.mockRejectedValueOnce(
      new ApiError(400, "VALIDATION", "Please add a .pdf, .png or .jpg file!", {
        details: [{ path: "file", message: "Please add a .pdf, .png or .jpg file!" }],
      }),
    );
    const { user } = await renderForm();
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
    await user.type(screen.getByRole("textbox", { name: /Website link/ }), "https://myshop.example.com");
    await user.click(screen.getByTestId("sender-submit"));
    expect(
      await screen.findByText(/This sender name is already in use or waiting for approval\./),
    ).toBeInTheDocument();
  });
});
