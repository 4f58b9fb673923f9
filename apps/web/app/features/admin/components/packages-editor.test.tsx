import type { TAdminPackage } from "@sms/domain/contracts/admin";
import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type MockedEndpoint, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { PackagesEditor } from "./packages-editor";

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

const renderEditor = () => renderApp(<PackagesEditor />, { path: "/en/admin/packages" });

describe("PackagesEditor", () => {
  let update: MockedEndpoint<typeof adminEndpoints.updatePackage>;
  let create: MockedEndpoint<typeof adminEndpoints.createPackage>;

  beforeEach(() => {
    mockEndpoint(adminEndpoints.listPackages, {
      data: { entities: [pkg(17, "Free trial", { is_trial: true, price_satang: 0 }), pkg(1, "Starter")] },
    });
    update = mockEndpoint(adminEndpoints.updatePackage, { data: pkg(1, "Starter") });
    create = mockEndpoint(adminEndpoints.createPackage, { data: pkg(2, "New") });
  });

  it("lists the catalogue with the free trial marked, and edits a package's price in baht", async () => {
    const { user } = await renderEditor();
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
    await vi.waitFor(() => expect(update.calls).toHaveLength(1));
    expect(update.calls[0]?.params).toEqual({ id: 1 });
    expect(update.calls[0]?.body).toEqual({
      name: "Starter",
      months: 1,
      credits: 1_500,
      price_satang: 125_050,
      active: true,
      sort_order: 1,
    });
  });

  it("refuses a price with more than two decimals and an empty name before asking the server", async () => {
    const { user } = await renderEditor();
    await user.click(await screen.findByTestId("add-package"));
    const dialog = await screen.findByRole("dialog", { name: "Add a package" });
    await user.type(within(dialog).getByTestId("package-price"), "10.505");
    await user.click(within(dialog).getByTestId("package-save"));
    expect(await within(dialog).findByText(/at most 2 decimals/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Please enter the package name/)).toBeInTheDocument();
    expect(create.calls).toHaveLength(0);
  });
});
