import type { TOrganizationListItem } from "@sms/domain/contracts/organizations";
import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { SWITCH_LIST_KEY } from "../api/list-organizations";
import { OrganizationsTable } from "./organizations-table";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
const call = vi.mocked(api.call);

const organization = (id: number, name: string): TOrganizationListItem => ({
  id,
  name,
  owner: { id: 1, name: "Malee Jaidee" },
  credits: 1_200,
  credit_expired_on: null,
  member_role: 100,
  current_member: id === 1 ? { id: 5 } : null,
});

function renderTable(known?: TOrganizationListItem[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (known) client.setQueryData(SWITCH_LIST_KEY, known);
  const router = createMemoryRouter([{ path: "*", element: <OrganizationsTable /> }], {
    initialEntries: ["/en/organizations"],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("the organizations table's first paint (review D61)", () => {
  beforeEach(async () => {
    call.mockReset();
    // The page's own request is still on its way for the whole test.
    call.mockImplementation((() => new Promise(() => {})) as never);
    await i18next.changeLanguage("en");
  });
  afterEach(() => i18next.changeLanguage("th"));

  it("shows the organizations the menu already loaded at once, without a skeleton", async () => {
    renderTable([organization(1, "Malee Shop"), organization(2, "Somchai Trading")]);
    expect(await screen.findByRole("link", { name: "Malee Shop" })).toHaveAttribute(
      "href",
      "/en/organizations/1",
    );
    expect(screen.getByRole("link", { name: "Somchai Trading" })).toBeInTheDocument();
    expect(screen.queryByTestId("skeleton-row")).not.toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(organizationsEndpoints.list, expect.anything());
  });

  it("shows one skeleton row, not five, when nothing is known yet", async () => {
    renderTable();
    await vi.waitFor(() => expect(call).toHaveBeenCalled());
    expect(screen.getAllByTestId("skeleton-row")).toHaveLength(1);
  });
});
