import type { TApiKeys, TWhitelistIp } from "@sms/domain/contracts/api-keys";
import { apiKeysEndpoints, whitelistIpsEndpoints } from "@sms/domain/endpoints/api-keys";
import { apiSettingsEndpoints } from "@sms/domain/endpoints/api-settings";
import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { sendersEndpoints } from "@sms/domain/endpoints/senders";
import { smppEndpoints } from "@sms/domain/endpoints/smpp";
import { MEMBER_ROLE } from "@sms/domain/roles";
import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiSettings, organization, page } from "../../../../test/factories";
import { apiError, type MockedEndpoint, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { spyOnToasts } from "../../../../test/toasts";
import { SmsApiSettings } from "./sms-api-settings";

spyOnToasts();

const NO_KEY = { key: null, has_secret: false, created_at: null };
let keys: TApiKeys;
let rows: TWhitelistIp[];
let role: number;
let refreshError: Response | null;
let refresh: MockedEndpoint<typeof apiKeysEndpoints.refresh>;
let create: MockedEndpoint<typeof whitelistIpsEndpoints.create>;
let remove: MockedEndpoint<typeof whitelistIpsEndpoints.delete>;
let callerIp: string | null;
let smppSystemId: string | null;
let smppRefresh: MockedEndpoint<typeof smppEndpoints.refresh>;

const renderPage = () =>
  renderApp(<SmsApiSettings organizationId={7} />, {
    path: "/en/sms-api",
    pattern: "/:lang/sms-api",
    pages: { "/:lang/verifications": <p>verifications page</p> },
  });

beforeEach(() => {
  keys = {
    sms: NO_KEY,
    otp: { key: "ok_existing", has_secret: true, created_at: "2026-01-02T03:04:05.000Z" },
  };
  rows = [{ id: 3, name: "Office", ip_address: "203.0.113.7", created_at: "2026-01-02T03:04:05.000Z" }];
  role = MEMBER_ROLE.owner;
  refreshError = null;
  callerIp = "198.51.100.20";
  mockEndpoint(whitelistIpsEndpoints.caller, () => ({ data: { ip_address: callerIp } }));
  mockEndpoint(organizationsEndpoints.get, () => ({ data: organization({ member_role: role }) }));
  mockEndpoint(apiKeysEndpoints.get, () => ({ data: keys }));
  // The page also holds the OTP settings card (its own test covers it), which reads these.
  mockEndpoint(apiSettingsEndpoints.get, { data: apiSettings() });
  mockEndpoint(sendersEndpoints.list, page([]));
  smppSystemId = null;
  const smppAccount = () => ({
    system_id: smppSystemId,
    created_at: smppSystemId ? "2026-01-02T03:04:05.000Z" : null,
    settings: { window: 10, tps: 50, id_format: "decimal" as const },
    server: { host: "smpp.example.com", port: 2775 },
  });
  mockEndpoint(smppEndpoints.get, () => ({ data: smppAccount() }));
  smppRefresh = mockEndpoint(smppEndpoints.refresh, () => {
    smppSystemId = "spabcdefghjk";
    return { data: { account: smppAccount(), system_id: "spabcdefghjk", password: "Pw8chars" } };
  });
  refresh = mockEndpoint(apiKeysEndpoints.refresh, ({ body }) => {
    if (refreshError) return refreshError;
    // The page refreshes one key at a time.
    const kind: "sms" | "otp" = body.kind === "sms" ? "sms" : "otp";
    const pair = {
      kind,
      key: `${kind === "sms" ? "sk" : "ok"}_new`,
      secret: "s3cret-once",
      created_at: "2026-02-01T00:00:00.000Z",
    };
    keys = { ...keys, [kind]: { key: pair.key, has_secret: true, created_at: pair.created_at } };
    return { data: { keys, issued: [pair] } };
  });
  mockEndpoint(whitelistIpsEndpoints.list, () => page(rows));
  create = mockEndpoint(whitelistIpsEndpoints.create, ({ body }) => {
    if (body.ip_address === "203.0.113.7") {
      return apiError(409, "CONFLICT", "This IP address is already in the whitelist.", {
        details: [{ path: "ip_address", message: "This IP address is already in the whitelist." }],
      });
    }
    const row = { id: 4, ...body, created_at: "2026-02-01T00:00:00.000Z" };
    rows = [row, ...rows];
    return { data: row };
  });
  remove = mockEndpoint(whitelistIpsEndpoints.delete, ({ params }) => {
    rows = rows.filter((r) => r.id !== params.id);
    return { data: { id: params.id } };
  });
});
afterEach(() => vi.clearAllMocks());

describe("SmsApiSettings: SMPP access", () => {
  it("shows where to connect and the limits, generates the credentials after a confirmation and shows the password once", async () => {
    const { user } = await renderPage();
    const card = await screen.findByTestId("smpp-card");
    expect(await within(card).findByTestId("smpp-none")).toHaveTextContent("No SMPP credentials yet.");
    expect(within(card).getByTestId("smpp-server")).toHaveTextContent("smpp.example.com:2775");
    expect(within(card).getByTestId("smpp-limits")).toHaveTextContent(
      "Window 10 · 50 messages a second · message ids in decimal",
    );
    await user.click(within(card).getByRole("button", { name: "Generate SMPP credentials" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Generate SMPP credentials?" });
    expect(smppRefresh.calls).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Generate" }));
    expect(await screen.findByTestId("smpp-password")).toHaveTextContent("Pw8chars");
    expect(screen.getByTestId("smpp-system-id")).toHaveTextContent("spabcdefghjk");
    expect(toast.success).toHaveBeenCalledWith("SMPP credentials created");
    await user.click(screen.getByTestId("smpp-dismiss"));
    expect(screen.queryByText("Pw8chars")).not.toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Replace SMPP credentials" })).toBeInTheDocument();
  });

  it("has no button for a member who may not manage the keys", async () => {
    role = MEMBER_ROLE.member;
    await renderPage();
    const card = await screen.findByTestId("smpp-card");
    await within(card).findByTestId("smpp-none");
    expect(within(card).queryByTestId("smpp-refresh")).not.toBeInTheDocument();
  });
});

describe("SmsApiSettings: keys", () => {
  it("shows each key, or that there is none, and never a secret", async () => {
    await renderPage();
    expect(await screen.findByTestId("key-otp")).toHaveTextContent("ok_existing");
    expect(screen.getByTestId("no-key-sms")).toHaveTextContent("No key yet.");
    expect(screen.getByRole("button", { name: "Generate SMS key" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Refresh OTP key" })).toBeInTheDocument();
  });

  it("refreshes after a confirmation that the old secret stops working, then shows the secret once", async () => {
    const { user } = await renderPage();
    await user.click(await screen.findByRole("button", { name: "Refresh OTP key" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Refresh the OTP API key?" });
    expect(dialog).toHaveTextContent("The current secret stops working at once");
    expect(refresh.calls).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Refresh now" }));
    expect(await screen.findByTestId("secret-otp")).toHaveTextContent("s3cret-once");
    expect(refresh.calls.map(({ params, body }) => ({ params, body }))).toEqual([
      { params: { id: 7 }, body: { kind: "otp" } },
    ]);
    expect(screen.getByTestId("key-otp")).toHaveTextContent("ok_new");
    expect(toast.success).toHaveBeenCalledWith("OTP API key created");

    await user.click(screen.getByRole("button", { name: "Copy the OTP API secret" }));
    // user-event stands in for the browser's clipboard.
    expect(await navigator.clipboard.readText()).toBe("s3cret-once");
    expect(toast.success).toHaveBeenCalledWith("Copied to clipboard");

    await user.click(screen.getByRole("button", { name: "I have saved it" }));
    expect(screen.queryByTestId("secret-otp")).not.toBeInTheDocument();
    expect(screen.queryByText("s3cret-once")).not.toBeInTheDocument();
  });

  it("closes the confirmation and links to the verification page when the phone is not verified", async () => {
    refreshError = apiError(403, "PHONE_NOT_VERIFIED", "Verify your phone number first.");
    const { user } = await renderPage();
    await user.click(await screen.findByRole("button", { name: "Generate SMS key" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Generate the SMS API key?" });
    await user.click(within(dialog).getByRole("button", { name: "Generate" }));
    const alert = await screen.findByTestId("verify-phone-required");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(alert).toHaveTextContent("Verify your account's phone number first");
    expect(screen.getByTestId("no-key-sms")).toHaveTextContent("No key yet.");
    await user.click(within(alert).getByRole("link", { name: "Verify your phone number" }));
    expect(await screen.findByText("verifications page")).toBeInTheDocument();
  });

  it("keeps any other refusal in the confirmation, without the verification link", async () => {
    refreshError = apiError(403, "FORBIDDEN", "Only the owner can do this.");
    const { user } = await renderPage();
    await user.click(await screen.findByRole("button", { name: "Generate SMS key" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Generate the SMS API key?" });
    await user.click(within(dialog).getByRole("button", { name: "Generate" }));
    expect(await within(dialog).findByText("Only the owner can do this.")).toBeInTheDocument();
    expect(screen.queryByTestId("verify-phone-required")).not.toBeInTheDocument();
  });

  it("cancelling the confirmation changes nothing", async () => {
    const { user } = await renderPage();
    await user.click(await screen.findByRole("button", { name: "Generate SMS key" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Generate the SMS API key?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(refresh.calls).toHaveLength(0);
  });

  it("is read-only for a member who is not the owner, and says so", async () => {
    role = MEMBER_ROLE.member;
    await renderPage();
    expect(await screen.findByTestId("read-only-note")).toHaveTextContent(
      "Only the organization's owner can create or refresh API keys",
    );
    expect(await screen.findByTestId("key-otp")).toHaveTextContent("ok_existing");
    await screen.findByText("Office");
    expect(screen.queryByRole("button", { name: /Refresh|Generate/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add IP address" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete Office" })).not.toBeInTheDocument();
  });
});

describe("SmsApiSettings: IP whitelist", () => {
  it("explains a bad address before sending, shows a duplicate on its field, then adds", async () => {
    const { user } = await renderPage();
    await user.click(await screen.findByRole("button", { name: "Add IP address" }));
    const dialog = await screen.findByRole("dialog", { name: "Add an IP address" });
    await user.type(within(dialog).getByRole("textbox", { name: /Name/ }), "Server");
    const address = within(dialog).getByRole("textbox", { name: /IP address or range/ });
    await user.type(address, "10.0.0.5/8");
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(await within(dialog).findByText(/A range must start at its network address/)).toBeInTheDocument();
    expect(create.calls).toHaveLength(0);

    await user.clear(address);
    await user.type(address, "203.0.113.7");
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(
      await within(dialog).findByText(/This IP address is already in the whitelist\./),
    ).toBeInTheDocument();

    await user.clear(address);
    await user.type(address, "2001:DB8::/32");
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(create.lastCall?.body).toEqual({ name: "Server", ip_address: "2001:db8::/32" });
    expect(toast.success).toHaveBeenCalledWith("IP whitelist created");
    expect(await screen.findByText("2001:db8::/32")).toBeInTheDocument();
  });

  it("shows the address the browser calls from and adds it in two clicks (review D45)", async () => {
    const { user } = await renderPage();
    const caller = await screen.findByTestId("caller-address");
    expect(caller).toHaveTextContent("Your address right now: 198.51.100.20");
    await user.click(within(caller).getByRole("button", { name: "Add this address" }));
    const dialog = await screen.findByRole("dialog", { name: "Add an IP address" });
    expect(within(dialog).getByRole("textbox", { name: /Name/ })).toHaveValue("This network");
    expect(within(dialog).getByRole("textbox", { name: /IP address or range/ })).toHaveValue("198.51.100.20");
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    await waitFor(() =>
      expect(create.calls.map((call) => call.body)).toEqual([
        { name: "This network", ip_address: "198.51.100.20" },
      ]),
    );
    // Now in the list: allowed, nothing more to add.
    expect(await within(caller).findByText("Already allowed")).toBeInTheDocument();
    expect(within(caller).queryByRole("button", { name: "Add this address" })).not.toBeInTheDocument();
  });

  it("says an address inside a listed range is already allowed", async () => {
    rows = [
      { id: 5, name: "Office net", ip_address: "198.51.100.0/24", created_at: "2026-01-02T03:04:05.000Z" },
    ];
    await renderPage();
    const caller = await screen.findByTestId("caller-address");
    expect(await within(caller).findByText("Already allowed")).toBeInTheDocument();
    expect(within(caller).queryByRole("button")).not.toBeInTheDocument();
  });

  it("offers a plain member the address but no way to add it", async () => {
    role = MEMBER_ROLE.member;
    await renderPage();
    const caller = await screen.findByTestId("caller-address");
    expect(caller).toHaveTextContent("198.51.100.20");
    expect(within(caller).queryByRole("button")).not.toBeInTheDocument();
  });

  it("deletes only after a confirmation", async () => {
    const { user } = await renderPage();
    await user.click(await screen.findByRole("button", { name: "Delete Office" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete this IP address?" });
    expect(dialog).toHaveTextContent("Office (203.0.113.7)");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("IP whitelist deleted"));
    expect(remove.calls.map((call) => call.params)).toEqual([{ id: 3 }]);
    expect(await screen.findByText("No addresses yet: every address may call the API.")).toBeInTheDocument();
  });
});
