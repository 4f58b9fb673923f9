import { apiKeysEndpoints } from "@sms/domain/endpoints/api-keys";
import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { sendersEndpoints } from "@sms/domain/endpoints/senders";
import { MEMBER_ROLE } from "@sms/domain/roles";
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { organization, page, sender } from "../../../../test/factories";
import { mockEndpoint, server } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { TestConsole } from "./test-console";

const OWN = sender(2, { name: "MaleeShop", status: "approved", type: "marketing", shared: false });

/** What the console sent to the public API (plain fetch, not the portal's client). */
let publicRequests: { url: string; authorization: string | null; body: Record<string, string> }[];

function renderConsole(path = "/en/sms-api/console", otpKey: string | null = "ok_live456") {
  mockEndpoint(organizationsEndpoints.get, { data: organization({ member_role: MEMBER_ROLE.owner }) });
  mockEndpoint(apiKeysEndpoints.get, {
    data: {
      sms: { key: "sk_live123", has_secret: true, created_at: "2026-11-01T00:00:00.000Z" },
      otp: otpKey
        ? { key: otpKey, has_secret: true, created_at: "2026-11-01T00:00:00.000Z" }
        : { key: null, has_secret: false, created_at: null },
    },
  });
  mockEndpoint(sendersEndpoints.list, page([OWN]));
  return renderApp(<TestConsole organizationId={7} />, { path });
}

async function record(request: Request) {
  publicRequests.push({
    url: new URL(request.url).pathname,
    authorization: request.headers.get("authorization"),
    body: (await request.json()) as Record<string, string>,
  });
}

beforeEach(() => {
  publicRequests = [];
  server.use(
    http.post("/api/v2/sms", async ({ request }) => {
      await record(request);
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
    http.post("/api/v2/otp/request", async ({ request }) => {
      await record(request);
      return HttpResponse.json({ status: "success", token: "tok-123", refno: "ABC234" });
    }),
    http.post("/api/v2/otp/verify", async ({ request }) => {
      await record(request);
      return HttpResponse.json(
        { code: 400, errors: [{ message: "Code is invalid.", name: "ERROR_CODE_INVALID", field: "pin" }] },
        { status: 400 },
      );
    }),
  );
});

describe("TestConsole", () => {
  it("sends an SMS with the pasted secret over HTTP Basic and shows the answer and the same request as code", async () => {
    const { user } = await renderConsole();
    const form = within(await screen.findByTestId("console-form"));
    await waitFor(() => expect(form.getByTestId("console-sender")).toHaveValue("MaleeShop"));
    // The code shows the key and a masked secret before anything is pasted.
    expect(screen.getByTestId("snippet-curl")).toHaveTextContent("-u 'sk_live123:YOUR_SECRET'");
    await user.click(form.getByTestId("console-send"));
    expect(await screen.findByText("Paste the key's secret to send.")).toBeInTheDocument();
    expect(publicRequests).toEqual([]);

    await user.type(form.getByTestId("console-secret"), "s3cret");
    await user.type(form.getByTestId("console-msisdn"), "0812345678");
    await user.type(form.getByTestId("console-message"), "สวัสดี 'ทดสอบ'");
    await user.click(form.getByTestId("console-send"));
    expect(await screen.findByTestId("console-status")).toHaveTextContent("201");
    expect(screen.getByTestId("console-body")).toHaveTextContent('"message_id": "5"');
    expect(publicRequests).toEqual([
      {
        url: "/api/v2/sms",
        authorization: `Basic ${btoa("sk_live123:s3cret")}`,
        body: { msisdn: "0812345678", message: "สวัสดี 'ทดสอบ'", sender: "MaleeShop" },
      },
    ]);
    // Pasted, the secret is in the code; the Thai text is in its quotes.
    expect(screen.getByTestId("snippet-curl")).toHaveTextContent("-u 'sk_live123:s3cret'");
    expect(screen.getByTestId("snippet-curl")).toHaveTextContent(`"message":"สวัสดี '\\''ทดสอบ'\\''"`);
    for (const tab of ["Node.js", "PHP", "Python"]) {
      await user.click(screen.getByRole("tab", { name: tab }));
      expect(screen.getByRole("tabpanel")).toHaveTextContent("สวัสดี");
    }
    expect(screen.getByTestId("snippet-python")).toHaveTextContent('auth=("sk_live123", "s3cret")');
    // Nothing keeps the secret outside this page's state.
    expect(JSON.stringify({ ...localStorage })).not.toContain("s3cret");
    expect(JSON.stringify({ ...sessionStorage })).not.toContain("s3cret");
  });

  it("requests an OTP with the OTP key in the body, then verifies with the token filled in", async () => {
    const { user } = await renderConsole();
    const form = within(await screen.findByTestId("console-form"));
    await user.selectOptions(form.getByTestId("console-key"), "otp");
    await user.type(form.getByTestId("console-secret"), "otp-secret");
    await user.type(form.getByTestId("console-msisdn"), "0898765432");
    await user.click(form.getByRole("button", { name: "Request code" }));
    expect(await screen.findByTestId("console-status")).toHaveTextContent("200");
    expect(publicRequests[0]).toEqual({
      url: "/api/v2/otp/request",
      authorization: null,
      body: { key: "ok_live456", secret: "otp-secret", msisdn: "0898765432" },
    });
    expect(form.getByTestId("console-token")).toHaveValue("tok-123");
    await user.type(form.getByTestId("console-pin"), "000000");
    await user.click(form.getByRole("button", { name: "Verify code" }));
    await waitFor(() => expect(screen.getByTestId("console-status")).toHaveTextContent("400"));
    expect(screen.getByTestId("console-body")).toHaveTextContent("ERROR_CODE_INVALID");
    expect(publicRequests[1]?.body).toEqual({
      key: "ok_live456",
      secret: "otp-secret",
      token: "tok-123",
      pin: "000000",
    });
    expect(screen.getByTestId("snippet-curl")).toHaveTextContent("/api/v2/otp/verify");
    expect(screen.getByTestId("snippet-curl")).not.toHaveTextContent("-u ");
  });

  it("in Thai, says where to make a key when the organization has none", async () => {
    mockEndpoint(organizationsEndpoints.get, { data: organization({ member_role: MEMBER_ROLE.owner }) });
    mockEndpoint(apiKeysEndpoints.get, {
      data: {
        sms: { key: null, has_secret: false, created_at: null },
        otp: { key: null, has_secret: false, created_at: null },
      },
    });
    mockEndpoint(sendersEndpoints.list, page([OWN]));
    await renderApp(<TestConsole organizationId={7} />, { path: "/sms-api/console" });
    const note = await screen.findByTestId("console-no-key");
    expect(note).toHaveTextContent("องค์กรของคุณยังไม่มี API key");
    expect(within(note).getByRole("link")).toHaveAttribute("href", "/sms-api");
  });
});
