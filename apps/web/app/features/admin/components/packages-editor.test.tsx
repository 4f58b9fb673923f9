import type { TAdminPackage } from "@sms/domain/contracts/admin";
import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { PackagesEditor } from "./packages-editor";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
const call = vi.mocked(api.call);

const pkg = (id: number, name: string, overrides: Partial<TAdminPackage> = {}): TAdminPackage => ({
  id,
  name,
  months: 1,
  credits: 1_500,
  price_satang: 79_900,
  is_trial: false,
  active: true,
  sort_order: id,
  updated_at: "2026-11-01T00:00:00.000Z",
  ...overrides,
});

function renderEditor() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PackagesEditor />
    </QueryClientProvider>,
  );
}

const callsTo = (endpoint: unknown) =>
  call.mock.calls.filter(([e]) => e === endpoint).map(([, options]) => options as unknown);

describe("PackagesEditor", () => {
  beforeEach(async () => {
    call.mockReset();
    await i18next.changeLanguage("en");
    call.mockImplementation(async (endpoint) => {
      if (endpoint === adminEndpoints.listPackages) {
        return {
          data: { entities: [pkg(17, "Free trial", { is_trial: true, price_satang: 0 }), pkg(1, "Starter")] },
        } as never;
      }
      return { data: pkg(1, "Starter") } as never;
    });
  });
  afterEach(() => i18next.changeLanguage("th"));

  it("lists the catalogue with the free trial marked, and edits a package's price in baht", async () => {
    const user = userEvent.setup();
    renderEditor();
    await screen.findByTestId("edit-package-1");
    const table = screen.getByRole("table", { name: "Packages" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent("Free trial");
    expect(rows[1]).toHaveTextContent("799.00");

    await user.click(screen.getByTestId("edit-package-1"));
    const dialog = await screen.findByRole("dialog", { name: "Edit Starter" });
    const price = within(dialog).getByTestId("package-price");
    expect(price).toHaveValue("799.00");
    await user.clear(price);
    await user.type(price, "1,250.5");
    await user.click(within(dialog).getByTestId("package-save"));
    await vi.waitFor(() => expect(callsTo(adminEndpoints.updatePackage)).toHaveLength(1));
    expect(callsTo(adminEndpoints.updatePackage)[0]).toEqual({
      params: { id: 1 },
      body: {
        name: "Starter",
        months: 1,
        credits: 1_500,
        price_satang: 125_050,
        active: true,
        sort_order: 1,
      },
    });
  });

  it("refuses a price with more than two decimals and an empty name before asking the server", async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByTestId("add-package"));
    const dialog = await screen.findByRole("dialog", { name: "Add a package" });
    await user.type(within(dialog).getByTestId("package-price"), "10.505");
    await user.click(within(dialog).getByTestId("package-save"));
    expect(await within(dialog).findByText(/at most 2 decimals/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Please enter the package name/)).toBeInTheDocument();
    expect(callsTo(adminEndpoints.createPackage)).toHaveLength(0);
  });
});
