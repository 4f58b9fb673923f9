import { toPublicPackage } from "@sms/domain/contracts/marketing";
import type { TCart } from "@sms/domain/contracts/orders";
import { filesEndpoints } from "@sms/domain/endpoints/files";
import { marketingEndpoints } from "@sms/domain/endpoints/marketing";
import { ordersEndpoints } from "@sms/domain/endpoints/orders";
import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveBlob } from "~/lib/authorized-files";
import { order, page, storedFile } from "../../../../test/factories";
import { apiError, type MockedEndpoint, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { uploadWithProgress } from "../lib/authorized";
import { qrImage } from "../lib/qr-image";
import { CartView } from "./cart-view";

// The upload goes through MSW; the wrapper only lets one test report the bytes all sent before the
// server answers, which MSW cannot (it reports the upload's progress with its answer).
vi.mock("../lib/authorized", async (original) => {
  const actual = await original<typeof import("../lib/authorized")>();
  return { uploadWithProgress: vi.fn(actual.uploadWithProgress) };
});
vi.mock("../lib/qr-image", () => ({ qrImage: vi.fn() }));
vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock("~/lib/authorized-files", async (original) => ({
  ...(await original<typeof import("~/lib/authorized-files")>()),
  saveBlob: vi.fn(),
}));
const drawQr = vi.mocked(qrImage);
const save = vi.mocked(saveBlob);

const PROOF_ID = "5b3c1f7e-8a4d-4c2b-9e1f-0a1b2c3d4e5f";
const CERTIFICATE_ID = "9d2f0a43-1c7e-4b8a-8f3e-2a6b5c4d3e21";

function cart(buyerType: "individual" | "juristic"): { data: TCart } {
  const wht = buyerType === "juristic" ? 2_397 : 0;
  return {
    data: {
      package: toPublicPackage({
        id: 1,
        name: "Starter",
        months: 1,
        credits: 1500,
        priceSatang: 79_900,
        isTrial: false,
      }),
      buyer_type: buyerType,
      totals: {
        sub_total_satang: 79_900,
        vat_satang: 5_593,
        total_with_vat_satang: 85_493,
        withholding_tax_satang: wht,
        total_satang: 85_493 - wht,
        sub_total: 799,
        vat: 55.93,
        total_with_vat: 854.93,
        withholding_tax: wht / 100,
        total: (85_493 - wht) / 100,
        vat_percent: 7,
        withholding_tax_percent: 3,
      },
      promptpay: {
        id: "0105556000009",
        payee_name: "บริษัท เอสเอ็มเอส พอร์ทัล จำกัด",
        payload: "000201",
        qr_svg: "<svg></svg>",
      },
      wht_payee: {
        name: "SMS Portal Co., Ltd.",
        tax_id: "0105556000009",
        branch: "00000",
        address: "99/9 Sathorn Thani Building, Bangkok 10500",
      },
    },
  };
}

const renderCart = (entry = "/en/carts?package_id=1") =>
  renderApp(<CartView />, {
    path: entry,
    pattern: "/en/carts",
    pages: { "/en/orders": <p>orders page</p>, "/en/verifications": <p>verifications page</p> },
  });

/** A promise the test settles, to look at the form while the upload is in flight. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

let uploads: MockedEndpoint<typeof filesEndpoints.upload>;
let create: MockedEndpoint<typeof ordersEndpoints.createOrder>;
/** Each upload waits for this before the server answers. */
let stored: Promise<void>;
/** The server's answer to an upload once stored: the file's id by its kind, or a refusal. */
let uploadAnswer: (kind: string | undefined) => Response | string;

beforeEach(() => {
  stored = Promise.resolve();
  uploadAnswer = (kind) => (kind === "withholding_certificate" ? CERTIFICATE_ID : PROOF_ID);
  mockEndpoint(ordersEndpoints.quoteCart, ({ query }) =>
    cart(query?.buyer_type === "juristic" ? "juristic" : "individual"),
  );
  create = mockEndpoint(ordersEndpoints.createOrder, { data: order({ id: 7 }) });
  uploads = mockEndpoint(filesEndpoints.upload, async ({ query }) => {
    await stored;
    const answer = uploadAnswer(query.kind);
    return typeof answer === "string"
      ? { data: storedFile(answer, { kind: query.kind ?? "payment_proof" }) }
      : answer;
  });
});
afterEach(() => vi.clearAllMocks());

const createCalls = () => create.calls.map((call) => call.body);

describe("the cart's order form", () => {
  it("shows the server's totals and the PromptPay QR of the exact total", async () => {
    await renderCart();
    expect(await screen.findByTestId("cart-total")).toHaveTextContent("854.93 THB");
    expect(screen.getByRole("img", { name: "PromptPay QR code for 854.93 THB" })).toBeInTheDocument();
    expect(screen.queryByTestId("cart-wht")).not.toBeInTheDocument();
  });

  it("asks for the name and the proof of payment before sending anything", async () => {
    const { user } = await renderCart();
    await user.click(await screen.findByTestId("order-submit"));
    expect(await screen.findByText("* This field is required.")).toBeInTheDocument();
    expect(screen.getByTestId("proof-error")).toHaveTextContent("* Please add image or pdf file!");
    expect(createCalls()).toHaveLength(0);
  });

  it("for a juristic buyer: deducts WHT and checks the tax id's check digit and the branch", async () => {
    const { user } = await renderCart();
    await user.click(await screen.findByTestId("buyer-juristic"));
    expect(await screen.findByTestId("cart-wht")).toHaveTextContent("-23.97 THB");
    expect(screen.getByTestId("cart-total")).toHaveTextContent("830.96 THB");
    await user.type(screen.getByLabelText(/Company name/), "Buyer Co., Ltd.");
    await user.type(screen.getByLabelText(/Tax ID/), "0105556000001");
    const branch = screen.getByLabelText(/Branch/);
    await user.clear(branch);
    await user.type(branch, "1");
    await user.click(screen.getByTestId("order-submit"));
    expect(
      await screen.findByText("* The tax ID must be 13 digits with a valid check digit."),
    ).toBeInTheDocument();
    expect(
      screen.getByText("* The branch must be 5 digits (00000 for the head office)."),
    ).toBeInTheDocument();
    // The address is required of a juristic buyer too.
    expect(screen.getByText("* This field is required.")).toBeInTheDocument();
    expect(createCalls()).toHaveLength(0);

    const taxId = screen.getByLabelText(/Tax ID/);
    await user.clear(taxId);
    await user.type(taxId, "0-1055-56000-00-9");
    await user.type(branch, "2345");
    await user.type(screen.getByLabelText(/Address/), "1 Silom Road, Bangkok");
    await user.upload(
      screen.getByTestId("proof-input"),
      new File(["%PDF-1.4"], "slip.pdf", { type: "application/pdf" }),
    );
    await waitFor(() => expect(screen.getByText("slip.pdf is attached.")).toBeInTheDocument());
    await user.click(screen.getByTestId("order-submit"));
    await waitFor(() => expect(createCalls()).toHaveLength(1));
    expect(createCalls()[0]).toEqual({
      package_id: 1,
      buyer_type: "juristic",
      buyer_name: "Buyer Co., Ltd.",
      tax_id: "0105556000009",
      branch: "12345",
      address: "1 Silom Road, Bangkok",
      proof_file_id: PROOF_ID,
    });
  });

  it("uploads the proof, submits the order without any totals, and goes to the orders", async () => {
    const { user, router } = await renderCart();
    await user.type(await screen.findByLabelText(/Full name/), "Somchai Jaidee");
    const slip = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "slip.png", { type: "image/png" });
    await user.upload(screen.getByTestId("proof-input"), slip);
    await waitFor(() => expect(uploads.calls).toHaveLength(1));
    expect(uploads.lastCall?.query).toEqual({ kind: "payment_proof" });
    expect(uploads.lastCall?.request.headers.get("Accept-Language")).toBe("en");
    const sent = uploads.lastCall?.body.get("file") as File;
    expect([sent.name, sent.type, [...new Uint8Array(await sent.arrayBuffer())]]).toEqual([
      "slip.png",
      "image/png",
      [0x89, 0x50, 0x4e, 0x47],
    ]);
    await user.click(screen.getByTestId("order-submit"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/orders"));
    expect(createCalls()).toEqual([
      {
        package_id: 1,
        buyer_type: "individual",
        buyer_name: "Somchai Jaidee",
        proof_file_id: PROOF_ID,
      },
    ]);
  });

  it("says the proof is attached only once the server has stored it", async () => {
    const upload = deferred();
    stored = upload.promise;
    // The browser has sent every byte; the server has not answered yet.
    vi.mocked(uploadWithProgress).mockImplementationOnce(async (kind, file, locale, onProgress) => {
      onProgress(1);
      const { uploadWithProgress: actual } =
        await vi.importActual<typeof import("../lib/authorized")>("../lib/authorized");
      return actual(kind, file, locale, onProgress);
    });
    const { user } = await renderCart();
    await user.type(await screen.findByLabelText(/Full name/), "Somchai Jaidee");
    await user.upload(
      screen.getByTestId("proof-input"),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "slip.png", { type: "image/png" }),
    );
    expect(await screen.findByText("Uploading… 99%")).toBeInTheDocument();
    expect(screen.queryByText("slip.png is attached.")).not.toBeInTheDocument();
    upload.resolve();
    expect(await screen.findByText("slip.png is attached.")).toBeInTheDocument();
    await user.click(screen.getByTestId("order-submit"));
    await waitFor(() => expect(createCalls()).toHaveLength(1));
  });

  it("links a user whose phone is not verified to the verification page instead of only saying so", async () => {
    mockEndpoint(
      ordersEndpoints.createOrder,
      apiError(403, "PHONE_NOT_VERIFIED", "Verify your phone number first."),
    );
    const { user, router } = await renderCart();
    await user.type(await screen.findByLabelText(/Full name/), "Somchai Jaidee");
    await user.upload(
      screen.getByTestId("proof-input"),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "slip.png", { type: "image/png" }),
    );
    await waitFor(() => expect(screen.getByText("slip.png is attached.")).toBeInTheDocument());
    await user.click(screen.getByTestId("order-submit"));
    const alert = await screen.findByTestId("verify-phone-required");
    expect(alert).toHaveTextContent("Verify your account's phone number first");
    await user.click(within(alert).getByRole("link", { name: "Verify your phone number" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/verifications"));
  });
});

const PNG_FILE = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "slip.png", { type: "image/png" });

describe("paying on the phone (review D11)", () => {
  it("shows the payee, the whole PromptPay number and the amount, each copyable without separators", async () => {
    const { user } = await renderCart();
    await user.click(await screen.findByTestId("buyer-juristic"));
    await waitFor(() => expect(screen.getByTestId("promptpay-amount")).toHaveTextContent("830.96 THB"));
    expect(screen.getByTestId("promptpay-payee")).toHaveTextContent("บริษัท เอสเอ็มเอส พอร์ทัล จำกัด");
    expect(screen.getByTestId("promptpay-id")).toHaveTextContent("0105556000009");
    await user.click(screen.getByRole("button", { name: "Copy the amount" }));
    expect(await navigator.clipboard.readText()).toBe("830.96");
    expect(toast.success).toHaveBeenCalledWith("Copied to clipboard");
    await user.click(screen.getByRole("button", { name: "Copy the PromptPay number" }));
    expect(await navigator.clipboard.readText()).toBe("0105556000009");
  });

  it("offers no amount to copy or scan while the other buyer type's total loads", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockEndpoint(ordersEndpoints.quoteCart, async ({ query }) => {
      if (query?.buyer_type !== "juristic") return cart("individual");
      await held;
      return cart("juristic");
    });
    const { user } = await renderCart();
    expect(await screen.findByTestId("promptpay-amount")).toHaveTextContent("854.93 THB");
    await user.click(screen.getByTestId("buyer-juristic"));
    expect(await screen.findByRole("status")).toHaveTextContent("Updating the total…");
    expect(screen.getByTestId("cart-summary")).toHaveAttribute("aria-busy", "true");
    expect(screen.queryByTestId("promptpay-amount")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Copy the amount" })).not.toBeInTheDocument();
    // The individual's totals stay labelled as such while they are shown.
    expect(screen.queryByTestId("cart-wht")).not.toBeInTheDocument();
    expect(screen.getByTestId("wht-section")).not.toHaveTextContent("0.00 THB");
    release();
    await waitFor(() => expect(screen.getByTestId("promptpay-amount")).toHaveTextContent("830.96 THB"));
    expect(screen.getByTestId("cart-summary")).toHaveAttribute("aria-busy", "false");
    expect(screen.queryByTestId("cart-updating")).not.toBeInTheDocument();
  });

  it("saves the QR as a PNG named after the amount, with the payee and the amount on it", async () => {
    const png = new Blob(["png"], { type: "image/png" });
    drawQr.mockResolvedValue(png);
    const { user } = await renderCart();
    await user.click(await screen.findByRole("button", { name: "Save QR image" }));
    await waitFor(() => expect(save).toHaveBeenCalledWith(png, "promptpay-854.93.png"));
    expect(drawQr).toHaveBeenCalledWith("<svg></svg>", {
      title: "PromptPay",
      payee: "บริษัท เอสเอ็มเอส พอร์ทัล จำกัด",
      amount: "854.93 THB",
    });
  });

  it("says so when the picture cannot be drawn", async () => {
    drawQr.mockRejectedValue(new Error("no canvas"));
    const { user } = await renderCart();
    await user.click(await screen.findByRole("button", { name: "Save QR image" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(expect.stringContaining("The QR image could not be saved")),
    );
    expect(save).not.toHaveBeenCalled();
  });
});

describe("a juristic order (reviews D12, D14)", () => {
  it("flags every missing field at once, on the first press", async () => {
    const { user } = await renderCart();
    await user.click(await screen.findByTestId("buyer-juristic"));
    await user.clear(screen.getByLabelText(/Branch/));
    await user.click(screen.getByTestId("order-submit"));
    await waitFor(() => expect(screen.getAllByText("* This field is required.")).toHaveLength(4));
    for (const label of [/Company name/, /Tax ID/, /Branch/, /Address/]) {
      expect(screen.getByLabelText(label)).toHaveAttribute("aria-invalid", "true");
    }
    expect(screen.getByTestId("proof-error")).toHaveTextContent("* Please add image or pdf file!");
    expect(createCalls()).toHaveLength(0);
  });

  it("tells whom to make the 50 ทวิ out to, and sends the certificate with the order when attached", async () => {
    const { user } = await renderCart();
    await user.click(await screen.findByTestId("buyer-juristic"));
    const section = await screen.findByTestId("wht-section");
    expect(section).toHaveTextContent("you deduct 3% withholding tax, 23.97 THB");
    expect(within(section).getByTestId("wht-payee")).toHaveTextContent("SMS Portal Co., Ltd.");
    expect(within(section).getByTestId("wht-payee")).toHaveTextContent("0105556000009 (head office)");
    await user.type(screen.getByLabelText(/Company name/), "Buyer Co., Ltd.");
    await user.type(screen.getByLabelText(/Tax ID/), "0105556000009");
    await user.type(screen.getByLabelText(/Address/), "1 Silom Road, Bangkok");
    const certificate = new File(["%PDF-1.4"], "50tawi.pdf", { type: "application/pdf" });
    await user.upload(screen.getByTestId("wht-input"), certificate);
    await user.upload(screen.getByTestId("proof-input"), PNG_FILE());
    await waitFor(() => expect(screen.getByText("slip.png is attached.")).toBeInTheDocument());
    const certificateUpload = uploads.calls.find((call) => call.query.kind === "withholding_certificate");
    const sent = certificateUpload?.body.get("file") as File;
    expect([sent.name, await sent.text()]).toEqual(["50tawi.pdf", "%PDF-1.4"]);
    await user.click(screen.getByTestId("order-submit"));
    await waitFor(() => expect(createCalls()).toHaveLength(1));
    expect(createCalls()[0]).toMatchObject({
      buyer_type: "juristic",
      proof_file_id: PROOF_ID,
      wht_certificate_file_id: CERTIFICATE_ID,
    });
  });

  it("drops a certificate attached before switching back to an individual", async () => {
    const { user } = await renderCart();
    await user.click(await screen.findByTestId("buyer-juristic"));
    await user.upload(
      await screen.findByTestId("wht-input"),
      new File(["%PDF"], "50tawi.pdf", { type: "application/pdf" }),
    );
    await waitFor(() => expect(screen.getByText("50tawi.pdf is attached.")).toBeInTheDocument());
    await user.click(screen.getByTestId("buyer-individual"));
    expect(screen.queryByTestId("wht-section")).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Full name/), "Somchai Jaidee");
    await user.upload(screen.getByTestId("proof-input"), PNG_FILE());
    await waitFor(() => expect(screen.getByText("slip.png is attached.")).toBeInTheDocument());
    await user.click(screen.getByTestId("order-submit"));
    await waitFor(() => expect(createCalls()).toHaveLength(1));
    expect(createCalls()[0]).toEqual({
      package_id: 1,
      buyer_type: "individual",
      buyer_name: "Somchai Jaidee",
      proof_file_id: PROOF_ID,
    });
  });
});

describe("submitting while the slip uploads (review D13)", () => {
  it("waits for the upload, then submits the order with its proof", async () => {
    const upload = deferred();
    stored = upload.promise;
    const { user, router } = await renderCart();
    await user.type(await screen.findByLabelText(/Full name/), "Somchai Jaidee");
    await user.upload(screen.getByTestId("proof-input"), PNG_FILE());
    const submit = screen.getByTestId("order-submit");
    expect(submit).toHaveTextContent("Uploading the file…");
    await user.click(submit);
    expect(submit).toHaveAttribute("aria-busy", "true");
    expect(screen.queryByTestId("proof-error")).toBeEmptyDOMElement();
    expect(createCalls()).toHaveLength(0);
    upload.resolve();
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/orders"));
    expect(createCalls()).toHaveLength(1);
    expect(createCalls()[0]).toMatchObject({ proof_file_id: PROOF_ID });
  });

  it("after a refused upload, shows the refusal instead of sending", async () => {
    const upload = deferred();
    stored = upload.promise;
    uploadAnswer = () => apiError(400, "VALIDATION", "Please add image or pdf file!");
    const { user } = await renderCart();
    await user.type(await screen.findByLabelText(/Full name/), "Somchai Jaidee");
    await user.upload(screen.getByTestId("proof-input"), PNG_FILE());
    await user.click(screen.getByTestId("order-submit"));
    upload.resolve();
    await waitFor(() =>
      expect(screen.getByTestId("proof-error")).toHaveTextContent("Please add image or pdf file!"),
    );
    expect(createCalls()).toHaveLength(0);
    expect(screen.getByTestId("order-submit")).toHaveTextContent("Submit order");
  });
});

describe("the free trial's own words (review D48)", () => {
  it("speaks of free credits, not of a transfer and a slip", async () => {
    mockEndpoint(
      marketingEndpoints.listPackages,
      page(
        [
          toPublicPackage({
            id: 17,
            name: "Free trial",
            months: 1,
            credits: 50,
            priceSatang: 0,
            isTrial: true,
          }),
        ],
        { size: 100 },
      ),
    );
    await renderCart("/en/carts?free_trial=true");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Get your free trial credits" }),
    ).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Get 50 free credits" })).toBeInTheDocument();
    expect(screen.getByText(/nothing to transfer and no slip to attach/)).toBeInTheDocument();
    expect(screen.queryByText(/PromptPay|Transfer the total/)).not.toBeInTheDocument();
  });
});
