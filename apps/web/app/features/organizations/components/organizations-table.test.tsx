import type { TOrganizationListItem } from "@sms/domain/contracts/organizations";
import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { mockEndpoint, neverAnswer } from "../../../../test/msw";
import { createTestQueryClient, renderApp } from "../../../../test/render";
import { SWITCH_LIST_KEY } from "../api/list-organizations";
import { OrganizationsTable } from "./organizations-table";

const organization = (id: number, name: string): TOrganizationListItem => ({
  id,
  name,
  owner: { id: 1, name: "Malee Jaidee" },
  credits: 1_200,
  credit_expired_on: null,
  member_role: 100,
  current_member: id === 1 ? { id: 5 } : null,
});

let list: ReturnType<typeof mockEndpoint<typeof organizationsEndpoints.list>>;

function renderTable(known?: TOrganizationListItem[]) {
  const client = createTestQueryClient();
  if (known) client.setQueryData(SWITCH_LIST_KEY, known);
  return renderApp(<OrganizationsTable />, { path: "/en/organizations", client });
}

describe("the organizations table's first paint (review D61)", () => {
  beforeEach(() => {
    // The page's own request is still on its way for the whole test.
    list = mockEndpoint(organizationsEndpoints.list, neverAnswer);
  });

  it("shows the organizations the menu already loaded at once, without a skeleton", async () => {
    await renderTable([organization(1, "Malee Shop"), organization(2, "Somchai Trading")]);
    expect(await screen.findByRole("link", { name: "Malee Shop" })).toHaveAttribute(
      "href",
      "/en/organizations/1",
    );
    expect(screen.getByRole("link", { name: "Somchai Trading" })).toBeInTheDocument();
    expect(screen.queryByTestId("skeleton-row")).not.toBeInTheDocument();
    await vi.waitFor(() => expect(list.calls).toHaveLength(1));
  });

  it("shows one skeleton row, not five, when nothing is known yet", async () => {
    await renderTable();
    await vi.waitFor(() => expect(list.calls).toHaveLength(1));
    expect(screen.getAllByTestId("skeleton-row")).toHaveLength(1);
  });
});
