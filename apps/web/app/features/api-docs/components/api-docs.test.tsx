import { ZInboundWebhookPayload } from "@sms/domain/contracts/inbox";
import { apiKeysEndpoints } from "@sms/domain/endpoints/api-keys";
import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { sendersEndpoints } from "@sms/domain/endpoints/senders";
import { WEBHOOK_VERIFY_SAMPLES } from "@sms/domain/public-api-samples/webhook-verify";
import { MEMBER_ROLE } from "@sms/domain/roles";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { organization, page, sender } from "../../../../test/factories";
import { type MockedEndpoint, mockEndpoint, server } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { spyOnToasts } from "../../../../test/toasts";
import { ApiDocs } from "./api-docs";
import { SAMPLE_OPENAPI } from "./openapi.fixture";

spyOnToasts();

const SHARED = sender(1, { name: "SMSPortal", status: "approved", type: "otp", shared: true });
const OWN = sender(2, { name: "MaleeShop", status: "approved", type: "marketing", shared: false });

let org: MockedEndpoint<typeof organizationsEndpoints.get>;
let senderList: MockedEndpoint<typeof sendersEndpoints.list>;
/** What the try-it form sent to the public API (not the portal's api client: plain fetch). */
let publicRequests: Request[];

function renderDocs(path = "/en/sms-api/docs", senders = [SHARED, OWN], role: number = MEMBER_ROLE.owner) {
  org = mockEndpoint(organizationsEndpoints.get, { data: organization({ member_role: role }) });
  mockEndpoint(apiKeysEndpoints.get, {
    data: {
      sms: { key: "sk_live123", has_secret: true, created_at: "2026-11-01T00:00:00.000Z" },
      otp: { key: null, has_secret: false, created_at: null },
    },
  });
  senderList = mockEndpoint(sendersEndpoints.list, page(senders));
  return renderApp(<ApiDocs organizationId={7} />, { path });
}

beforeEach(() => {
  publicRequests = [];
  server.use(
    http.get("/api/v1/openapi.json", () => HttpResponse.json(SAMPLE_OPENAPI)),
    http.post("/api/v2/sms", ({ request }) => {
      publicRequests.push(request.clone());
      return HttpResponse.json(
        {
          remaining_credit: 49,
          total_use_credit: 1,
          credit_type: "standard",
          phone_number_list: [{ number: "66812345678", message_id: "5", used_credit: 1 }],
          bad_phone_number_list: [],
        },
        { status: 201 },
      );
    }),
    http.get("/api/v2/credit", ({ request }) => {
      publicRequests.push(request.clone());
      return HttpResponse.json(
        { error: { code: 401, name: "ERROR_UNAUTHORIZED", description: "x" } },
        { status: 401 },
      );
    }),
  );
});
afterEach(() => vi.clearAllMocks());

describe("ApiDocs", () => {
  it("renders each public operation of the OpenAPI document, translated, with fields, responses and examples", async () => {
    await renderDocs();
    const sms = await screen.findByTestId("operation-post-sms");
    expect(screen.getByTestId("operation-get-credit")).toBeInTheDocument();
    // The code's length, validity and resend are the organization's settings (issue 28 point 4).
    expect(screen.getByTestId("operation-post-otp-request")).toHaveTextContent("4 to 8 digits, 6 by default");
    expect(screen.getByTestId("operation-post-otp-request")).toHaveTextContent("same token and refno");
    // Portal routes are not the public API.
    expect(screen.queryByText("/api/v1/c/me")).not.toBeInTheDocument();

    expect(within(sms).getByRole("heading", { name: "Send SMS" })).toBeInTheDocument();
    expect(within(sms).getByTestId("operation-method")).toHaveTextContent("POST");
    expect(within(sms).getByTestId("operation-path")).toHaveTextContent("/api/v2/sms");
    const msisdn = within(sms).getByTestId("field-post-sms-msisdn");
    expect(msisdn).toHaveTextContent("string");
    expect(msisdn).toHaveTextContent("Required");
    expect(msisdn).toHaveTextContent("comma-separated");
    expect(within(sms).getByTestId("field-post-sms-force")).toHaveTextContent(
      '"standard" | "corporate"Optional',
    );
    expect(within(sms).getByTestId("response-post-sms-201")).toHaveTextContent("phone_number_list");
    // One accepted and one refused number, never the same one in both lists (review D44).
    const created = JSON.parse(
      within(sms).getByTestId("response-post-sms-201").querySelector("code")?.textContent ?? "",
    );
    expect(created.phone_number_list).toEqual([{ number: "66812345678", message_id: "1024" }]);
    expect(created.bad_phone_number_list).toEqual([{ number: "0812345", message: "Invalid phone number." }]);
    // Errors in ThaiBulkSMS's envelope, by status ($ref resolved); the OTP's own error shape.
    expect(within(sms).getByTestId("response-post-sms-400")).toHaveTextContent(
      '"name": "ERROR_INVALID_PARAMETER"',
    );
    expect(within(sms).getByTestId("response-post-sms-401")).toHaveTextContent('"code": 401');
    expect(screen.getByTestId("response-post-otp-request-400")).toHaveTextContent(
      '"message": "Code is invalid."',
    );

    // Examples with this page's origin and the organization's key; the secret a placeholder.
    const curl = await within(sms).findByTestId("example-post-sms-curl");
    await waitFor(() => expect(curl).toHaveTextContent('-u "sk_live123:YOUR_SECRET"'));
    expect(curl).toHaveTextContent(`curl -X POST "${window.location.origin}/api/v2/sms"`);
    // The organization's own sender, never the shared one (ADR 32: it carries only the OTP API's codes).
    await waitFor(() => expect(curl).toHaveTextContent('"sender":"MaleeShop"'));
    expect(screen.getByTestId("docs-base-url")).toHaveTextContent(`${window.location.origin}/api/v2`);
  });

  it("shows the operations in Thai", async () => {
    await renderDocs("/sms-api/docs");
    const sms = await screen.findByTestId("operation-post-sms");
    expect(within(sms).getByRole("heading", { name: "ส่ง SMS" })).toBeInTheDocument();
    expect(within(sms).getByTestId("field-post-sms-msisdn")).toHaveTextContent("คั่นด้วยจุลภาค");
  });

  it("documents the OTP fraud guard's errors in English and Thai (issue 28 point 2)", async () => {
    await renderDocs();
    const guard = await screen.findByTestId("docs-otp-guard");
    expect(guard).toHaveTextContent(
      "403 ERROR_DESTINATION_BLOCKED: the number is in a premium-rate or unallocated range",
    );
    expect(guard).toHaveTextContent("429 ERROR_DESTINATION_HELD");
    expect(guard).toHaveTextContent(
      "more than 1,000 codes for your account, or 60 codes to one range, within 10 minutes",
    );
    expect(guard).toHaveTextContent('"name":"ERROR_DESTINATION_BLOCKED","field":"msisdn"');
    cleanup();
    await renderDocs("/sms-api/docs");
    const th = await screen.findByTestId("docs-otp-guard");
    expect(th).toHaveTextContent("ปฏิเสธคำขอที่มีลักษณะเป็น SMS pumping");
    expect(th).toHaveTextContent("ERROR_DESTINATION_HELD: พักการส่งรหัส");
  });

  it("switches the example language with the arrow keys, Home and End", async () => {
    const { user } = await renderDocs();
    const tabs = within(await screen.findByTestId("examples-post-sms"));
    const curl = tabs.getByRole("tab", { name: "curl" });
    expect(curl).toHaveAttribute("aria-selected", "true");
    expect(tabs.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
      "curl",
      "Node.js (fetch)",
      "Node.js (thaibulksms-api)",
      "PHP",
      "Python",
    ]);
    await user.click(curl);
    await user.keyboard("{ArrowRight}");
    const node = tabs.getByRole("tab", { name: "Node.js (fetch)" });
    expect(node).toHaveFocus();
    expect(node).toHaveAttribute("aria-selected", "true");
    expect(tabs.getByRole("tabpanel")).toHaveTextContent("await fetch(");
    await user.keyboard("{ArrowRight}");
    expect(tabs.getByRole("tabpanel")).toHaveTextContent(`api: "${window.location.origin}/api/v2"`);
    await user.keyboard("{End}");
    expect(tabs.getByRole("tab", { name: "Python" })).toHaveFocus();
    expect(tabs.getByRole("tabpanel")).toHaveTextContent("requests.post(");
    await user.keyboard("{ArrowRight}");
    expect(curl).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(tabs.getByRole("tab", { name: "Python" })).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{Home}");
    expect(curl).toHaveAttribute("aria-selected", "true");
    // One tab stop: the others are reached with the arrows.
    expect(tabs.getAllByRole("tab").filter((tab) => tab.tabIndex === 0)).toEqual([curl]);
  });

  it("writes the OTP examples with the thaibulksms-api otp client at /api, version v2", async () => {
    const { user } = await renderDocs();
    const tabs = within(await screen.findByTestId("examples-post-otp-request"));
    await user.click(tabs.getByRole("tab", { name: "Node.js (thaibulksms-api)" }));
    const panel = tabs.getByRole("tabpanel");
    expect(panel).toHaveTextContent(`api: "${window.location.origin}/api"`);
    expect(panel).toHaveTextContent('version: "v2"');
    expect(panel).toHaveTextContent('.request("0812345678")');
  });

  it("copies an example with the copied-to-clipboard toast", async () => {
    const { user } = await renderDocs();
    const sms = await screen.findByTestId("operation-post-sms");
    await waitFor(() =>
      expect(within(sms).getByTestId("example-post-sms-curl")).toHaveTextContent("sk_live123"),
    );
    await user.click(within(sms).getByTestId("example-post-sms-curl-copy"));
    expect(toast.success).toHaveBeenCalledWith("Copied to clipboard");
    expect(await navigator.clipboard.readText()).toContain('-u "sk_live123:YOUR_SECRET"');
  });

  it("tries POST /api/v2/sms from the browser with HTTP Basic and shows the answer, keeping no secret", async () => {
    const { user } = await renderDocs();
    const form = within(await screen.findByTestId("try-it-form"));
    await waitFor(() => expect(form.getByTestId("try-key")).toHaveValue("sk_live123"));
    // The organization's first own approved sender, though the shared one is listed first.
    await waitFor(() => expect(form.getByTestId("try-sender")).toHaveValue("MaleeShop"));
    expect(screen.queryByTestId("try-no-sender")).not.toBeInTheDocument();
    expect(screen.getByTestId("try-simulator-note")).toHaveTextContent("/dev/inbox");

    await user.click(form.getByTestId("try-send"));
    expect(screen.getByText("Enter the API key and its secret first.")).toBeInTheDocument();

    await user.type(form.getByTestId("try-secret"), "s3cret");
    await user.type(form.getByTestId("try-msisdn"), "0812345678,0898765432");
    await user.type(form.getByTestId("try-message"), "Hello");
    await user.click(form.getByTestId("try-send"));
    expect(await screen.findByTestId("try-status")).toHaveTextContent("201");
    expect(screen.getByTestId("try-body")).toHaveTextContent('"message_id": "5"');
    const [sent] = publicRequests;
    expect(new URL(sent?.url ?? "").pathname).toBe("/api/v2/sms");
    expect(sent?.headers.get("authorization")).toBe(`Basic ${btoa("sk_live123:s3cret")}`);
    expect(await sent?.json()).toEqual({
      msisdn: "0812345678,0898765432",
      message: "Hello",
      sender: "MaleeShop",
    });
    expect(JSON.stringify({ ...localStorage })).not.toContain("s3cret");
    expect(JSON.stringify({ ...sessionStorage })).not.toContain("s3cret");

    await user.click(form.getByTestId("try-credit"));
    await waitFor(() => expect(screen.getByTestId("try-status")).toHaveTextContent("401"));
    expect(screen.getByTestId("try-body")).toHaveTextContent("ERROR_UNAUTHORIZED");
  });

  it("without an own approved sender, leaves the sender empty and links to requesting one", async () => {
    await renderDocs("/en/sms-api/docs", [SHARED, { ...OWN, status: "pending" }]);
    const form = within(await screen.findByTestId("try-it-form"));
    const hint = await form.findByTestId("try-no-sender");
    expect(hint).toHaveTextContent("Your organization has no approved sender name yet");
    expect(within(hint).getByRole("link", { name: "Request a sender name" })).toHaveAttribute(
      "href",
      "/en/senders/create",
    );
    expect(form.getByTestId("try-sender")).toHaveValue("");
    expect(form.getByTestId("try-sender")).toHaveAccessibleDescription(/no approved sender name yet/);
    const curl = within(screen.getByTestId("operation-post-sms")).getByTestId("example-post-sms-curl");
    expect(curl).toHaveTextContent('"sender":"YourSender"');
  });

  it("asks a plain member for no sender list, which their role may not read (review D46)", async () => {
    await renderDocs("/en/sms-api/docs", [SHARED, OWN], MEMBER_ROLE.member);
    const form = within(await screen.findByTestId("try-it-form"));
    await waitFor(() => expect(org.calls).not.toHaveLength(0));
    const curl = within(screen.getByTestId("operation-post-sms")).getByTestId("example-post-sms-curl");
    expect(curl).toHaveTextContent('"sender":"YourSender"');
    expect(form.getByTestId("try-sender")).toHaveValue("");
    expect(form.queryByTestId("try-no-sender")).not.toBeInTheDocument();
    expect(senderList.calls).toEqual([]);
  });

  it("documents the delivery webhooks with the shared verification samples", async () => {
    const { user } = await renderDocs();
    await screen.findByTestId("operation-post-sms");
    const section = within(screen.getByRole("region", { name: "Delivery webhooks" }));
    expect(section.getByTestId("webhook-payload")).toHaveTextContent('"event": "message.status"');
    // Replies (issue 27 point 4): the message.inbound payload, a valid instance of the contract.
    const inbound = section.getByTestId("webhook-inbound-payload");
    expect(inbound).toHaveTextContent('"event": "message.inbound"');
    expect(ZInboundWebhookPayload.safeParse(JSON.parse(inbound.textContent ?? "")).success).toBe(true);
    expect(section.getByRole("cell", { name: "X-Webhook-Signature" })).toBeInTheDocument();
    expect(section.getByTestId("webhook-verify-node").textContent).toBe(WEBHOOK_VERIFY_SAMPLES.node);
    await user.click(section.getByRole("tab", { name: "PHP" }));
    expect(section.getByTestId("webhook-verify-php").textContent).toBe(WEBHOOK_VERIFY_SAMPLES.php);
    await user.keyboard("{ArrowRight}");
    expect(section.getByTestId("webhook-verify-python").textContent).toBe(WEBHOOK_VERIFY_SAMPLES.python);
  });

  it("documents SMPP access: binding, multipart billing, resubmission, receipts and every command_status", async () => {
    await renderDocs();
    await screen.findByTestId("operation-post-sms");
    const section = within(screen.getByRole("region", { name: "SMPP access" }));
    expect(section.getByText(/the whole text is charged once/)).toBeInTheDocument();
    expect(
      section.getByText(/is answered with the first message id and is not sent or charged again/),
    ).toBeInTheDocument();
    expect(section.getByTestId("smpp-receipt-example")).toHaveTextContent("stat:DELIVRD err:000");
    for (const name of ["ESME_ROK", "ESME_RTHROTTLED", "ESME_RSUBMITFAIL", "ESME_RBINDFAIL"]) {
      expect(section.getByRole("cell", { name })).toBeInTheDocument();
    }
    expect(screen.getByRole("link", { name: "SMPP access" })).toHaveAttribute("href", "#smpp");
  });

  it("says when the API description cannot be loaded, with a retry", async () => {
    server.use(http.get("/api/v1/openapi.json", () => HttpResponse.json({}, { status: 500 })));
    await renderDocs();
    expect(await screen.findByText("The API description could not be loaded.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
