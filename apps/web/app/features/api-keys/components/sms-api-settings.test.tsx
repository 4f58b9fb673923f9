import type { TApiKeys, TWhitelistIp } from "@sms/domain/contracts/api-keys";
import { apiKeysEndpoints, whitelistIpsEndpoints } from "@sms/domain/endpoints/api-keys";
import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { MEMBER_ROLE } from "@sms/domain/roles";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { SmsApiSettings } from "./sms-api-settings";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const call = vi.mocked(api.call);

const NO_KEY = { key: null, has_secret: false, created_at: null };
let keys: TApiKeys;
let rows: TWhitelistIp[];
let role: number;
let refreshError: Error | null;
let callerIp: string | null;

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: "/:lang/sms-api", element: <SmsApiSettings organizationId={7} /> },
      { path: "/:lang/verifications", element: <p>verifications page</p> },
    ],
    { initialEntries: ["/en/sms-api"] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18next.changeLanguage("en");
  keys = {
    sms: NO_KEY,
    otp: { key: "ok_existing", has_secret: true, created_at: "2026-01-02T03:04:05.000Z" },
  };
  rows = [{ id: 3, name: "Office", ip_address: "203.0.113.7", created_at: "2026-01-02T03:04:05.000Z" }];
  role = MEMBER_ROLE.owner;
  refreshError = null;
  callerIp = "198.51.100.20";
  call.mockImplementation(async (endpoint, input) => {
    if (endpoint === whitelistIpsEndpoints.caller) return { data: { ip_address: callerIp } } as never;
    if (endpoint === organizationsEndpoints.get) {
      return { data: { member_role: role, suspension: null } } as never;
    }
    if (endpoint === apiKeysEndpoints.get) return { data: keys } as never;
    if (endpoint === apiKeysEndpoints.refresh) {
      if (refreshError) throw refreshError;
      const kind = (input as unknown as { body: { kind: "sms" | "otp" } }).body.kind;
      const pair = {
        kind,
        key: `${kind === "sms" ? "sk" : "ok"}_new`,
        secret: "s3cret-once",
        created_at: "2026-02-01T00:00:00.000Z",
      };
      keys = { ...keys, [kind]: { key: pair.key, has_secret: true, created_at: pair.created_at } };
      return { data: { keys, issued: [pair] } } as never;
    }
    if (endpoint === whitelistIpsEndpoints.list) {
      return {
        data: {
          entities: rows,
          page_information: { page: 1, size: 10, total_item: rows.length, total_pages: 1, limit: 5 },
        },
      } as never;
    }
    if (endpoint === whitelistIpsEndpoints.create) {
      const body = (input as unknown as { body: { name: string; ip_address: string } }).body;
      if (body.ip_address === "203.0.113.7") {
        throw new ApiError(409, "CONFLICT", "This IP address is already in the whitelist.", {
          details: [{ path: "ip_address", message: "This IP address is already in the whitelist." }],
        });
      }
      const row = { id: 4, ...body, created_at: "2026-02-01T00:00:00.000Z" };
      rows = [row, ...rows];
      return { data: row } as never;
    }
    if (endpoint === whitelistIpsEndpoints.delete) {
      const { id } = (input as unknown as { params: { id: number } }).params;
      rows = rows.filter((r) => r.id !== id);
      return { data: { id } } as never;
    }
    throw new Error(`unexpected call ${endpoint.method} ${endpoint.path}`);
  });
});
afterEach(() => vi.clearAllMocks());

describe("SmsApiSettings: keys", () => {
  it("shows each key, or that there is none, and never a secret", async () => {
    renderPage();
    expect(await screen.findByTestId("key-otp")).toHaveTextContent("ok_existing");
    expect(screen.getByTestId("no-key-sms")).toHaveTextContent("No key yet.");
    expect(screen.getByRole("button", { name: "Generate SMS key" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Refresh OTP key" })).toBeInTheDocument();
  });

  it("refreshes after a confirmation that the old secret stops working, then shows the secret once", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Refresh OTP key" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Refresh the OTP API key?" });
    expect(dialog).toHaveTextContent("The current secret stops working at once");
    expect(call).not.toHaveBeenCalledWith(apiKeysEndpoints.refresh, expect.anything());
    await user.click(within(dialog).getByRole("button", { name: "Refresh now" }));
    expect(call).toHaveBeenCalledWith(apiKeysEndpoints.refresh, { params: { id: 7 }, body: { kind: "otp" } });
    expect(await screen.findByTestId("secret-otp")).toHaveTextContent("s3cret-once");
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
    refreshError = new ApiError(403, "PHONE_NOT_VERIFIED", "Verify your phone number first.");
    const user = userEvent.setup();
    renderPage();
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
    refreshError = new ApiError(403, "FORBIDDEN", "Only the owner can do this.");
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Generate SMS key" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Generate the SMS API key?" });
    await user.click(within(dialog).getByRole("button", { name: "Generate" }));
    expect(await within(dialog).findByText("Only the owner can do this.")).toBeInTheDocument();
    expect(screen.queryByTestId("verify-phone-required")).not.toBeInTheDocument();
  });

  it("cancelling the confirmation changes nothing", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Generate SMS key" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Generate the SMS API key?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(call).not.toHaveBeenCalledWith(apiKeysEndpoints.refresh, expect.anything());
  });

  it("is read-only for a member who is not the owner, and says so", async () => {
    role = MEMBER_ROLE.member;
    renderPage();
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
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Add IP address" }));
    const dialog = await screen.findByRole("dialog", { name: "Add an IP address" });
    await user.type(within(dialog).getByRole("textbox", { name: /Name/ }), "Server");
    const address = within(dialog).getByRole("textbox", { name: /IP address or range/ });
    await user.type(address, "10.0.0.5/8");
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(await within(dialog).findByText(/A range must start at its network address/)).toBeInTheDocument();
    expect(call).not.toHaveBeenCalledWith(whitelistIpsEndpoints.create, expect.anything());

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
    expect(call).toHaveBeenCalledWith(whitelistIpsEndpoints.create, {
      body: { name: "Server", ip_address: "2001:db8::/32" },
    });
    expect(toast.success).toHaveBeenCalledWith("IP whitelist created");
    expect(await screen.findByText("2001:db8::/32")).toBeInTheDocument();
  });

  it("shows the address the browser calls from and adds it in two clicks (review D45)", async () => {
    const user = userEvent.setup();
    renderPage();
    const caller = await screen.findByTestId("caller-address");
    expect(caller).toHaveTextContent("Your address right now: 198.51.100.20");
    await user.click(within(caller).getByRole("button", { name: "Add this address" }));
    const dialog = await screen.findByRole("dialog", { name: "Add an IP address" });
    expect(within(dialog).getByRole("textbox", { name: /Name/ })).toHaveValue("This network");
    expect(within(dialog).getByRole("textbox", { name: /IP address or range/ })).toHaveValue("198.51.100.20");
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(call).toHaveBeenCalledWith(whitelistIpsEndpoints.create, {
      body: { name: "This network", ip_address: "198.51.100.20" },
    });
    // Now in the list: allowed, nothing more to add.
    expect(await within(caller).findByText("Already allowed")).toBeInTheDocument();
    expect(within(caller).queryByRole("button", { name: "Add this address" })).not.toBeInTheDocument();
  });

  it("says an address inside a listed range is already allowed", async () => {
    rows = [
      { id: 5, name: "Office net", ip_address: "198.51.100.0/24", created_at: "2026-01-02T03:04:05.000Z" },
    ];
    renderPage();
    const caller = await screen.findByTestId("caller-address");
    expect(await within(caller).findByText("Already allowed")).toBeInTheDocument();
    expect(within(caller).queryByRole("button")).not.toBeInTheDocument();
  });

  it("offers a plain member the address but no way to add it", async () => {
    role = MEMBER_ROLE.member;
    renderPage();
    const caller = await screen.findByTestId("caller-address");
    expect(caller).toHaveTextContent("198.51.100.20");
    expect(within(caller).queryByRole("button")).not.toBeInTheDocument();
  });

  it("deletes only after a confirmation", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Delete Office" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete this IP address?" });
    expect(dialog).toHaveTextContent("Office (203.0.113.7)");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(call).toHaveBeenCalledWith(whitelistIpsEndpoints.delete, { params: { id: 3 } });
    expect(toast.success).toHaveBeenCalledWith("IP whitelist deleted");
    expect(await screen.findByText("No addresses yet: every address may call the API.")).toBeInTheDocument();
  });
});
