import { toPublicPackage } from "@sms/domain/contracts/marketing";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { PackageList } from "./package-list";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
const call = vi.mocked(api.call);

function renderList(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path, element: <PackageList /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  call.mockResolvedValue({
    data: {
      entities: [
        toPublicPackage({
          id: 3,
          name: "Standard",
          months: 6,
          credits: 20_000,
          priceSatang: 600_000,
          isTrial: false,
        }),
        toPublicPackage({
          id: 17,
          name: "Free trial",
          months: 1,
          credits: 50,
          priceSatang: 0,
          isTrial: true,
        }),
      ],
      page_information: { page: 1, size: 100, total_item: 2, total_pages: 1, limit: 5 },
    },
  } as never);
});
afterEach(() => vi.clearAllMocks());

describe("PackageList", () => {
  it("says under each price that VAT is not included (review D10), in Thai", async () => {
    await i18next.changeLanguage("th");
    renderList("/subscriptions");
    const list = await screen.findByTestId("package-list");
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);
    expect(within(list).getByText("6,000.00 บาท")).toBeInTheDocument();
    expect(screen.getByTestId("vat-note-3")).toHaveTextContent("ราคายังไม่รวมภาษีมูลค่าเพิ่ม 7%");
  });

  it("and in English", async () => {
    await i18next.changeLanguage("en");
    renderList("/en/subscriptions");
    expect(await screen.findByTestId("vat-note-3")).toHaveTextContent("Price excludes 7% VAT");
  });
});
