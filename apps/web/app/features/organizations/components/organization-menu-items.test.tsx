import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Button, Menu, MenuTrigger, Popover } from "react-aria-components";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "~/components/layout/app-providers";
import { i18next } from "~/lib/i18n";
import { session } from "~/lib/session";
import { showsOrganizationMenu, switchTargets } from "../lib/free-trial";
import { OrganizationMenuItems } from "./organization-menu-items";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const organization = (id: number, name: string, role: number, current: boolean) => ({
  id,
  name,
  owner: { id: 1, name: "Owner" },
  credits: 0,
  credit_expired_on: null,
  member_role: role,
  current_member: current ? { id: 90 + id } : null,
});

const LIST = [
  organization(1, "Alpha", 100, true),
  organization(2, "Bravo", 1, false),
  organization(3, "Charlie", 2, false),
];

function renderMenu(entities: ReturnType<typeof organization>[], reload = vi.fn()) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({
        url,
        method: init?.method ?? "GET",
        body: init?.body ? JSON.parse(String(init.body)) : null,
      });
      if (url.includes("/c/organizations")) {
        return json(200, {
          data: {
            entities,
            page_information: { page: 1, size: 100, total_item: entities.length, total_pages: 1, limit: 5 },
          },
        });
      }
      return json(200, { data: {} });
    }),
  );
  const router = createMemoryRouter(
    [
      {
        path: "/en/dashboard",
        element: (
          <AppProviders>
            <MenuTrigger>
              <Button>open</Button>
              <Popover>
                <Menu aria-label="user">
                  <OrganizationMenuItems reload={reload} />
                </Menu>
              </Popover>
            </MenuTrigger>
          </AppProviders>
        ),
      },
      { path: "/en/organizations", element: <p>organizations page</p> },
    ],
    { initialEntries: ["/en/dashboard"] },
  );
  render(<RouterProvider router={router} />);
  return { calls, reload };
}

beforeEach(async () => {
  await i18next.changeLanguage("en");
  localStorage.clear();
  session.set({ token: "access", refresh_token: "refresh" });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("the switch list rules", () => {
  it("leaves out the organization with current_member", () => {
    expect(switchTargets(LIST).map((o) => o.name)).toEqual(["Bravo", "Charlie"]);
  });

  it("shows the organization menu to owners and to members of more than one organization", () => {
    expect(showsOrganizationMenu([{ member_role: 100 }])).toBe(false);
    expect(showsOrganizationMenu([{ member_role: 1 }, { member_role: 2 }])).toBe(true);
    expect(showsOrganizationMenu([{ member_role: 1 }])).toBe(false);
    expect(showsOrganizationMenu([])).toBe(false);
  });
});

describe("the organization part of the user menu", () => {
  it("asks for the spec's page and lists every organization but the current one", async () => {
    const { calls } = renderMenu(LIST);
    await userEvent.click(screen.getByRole("button", { name: "open" }));
    await waitFor(() => expect(calls.some((c) => c.url.includes("/c/organizations"))).toBe(true));
    const listCall = calls.find((c) => c.url.includes("/c/organizations"));
    const query = new URL(listCall?.url ?? "", "http://x").searchParams;
    expect(Object.fromEntries(query)).toEqual({ page: "1", reverse: "false", sort: "id", size: "100" });
    const items = await screen.findAllByRole("menuitem");
    expect(items.map((i) => i.textContent)).toEqual(["Organizations", "Bravo", "Charlie"]);
  });

  it("switches with organization_id and reloads 200 ms later", async () => {
    const { calls, reload } = renderMenu(LIST);
    await userEvent.click(screen.getByRole("button", { name: "open" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Charlie" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    const post = calls.find((c) => c.method === "POST");
    expect(post?.url).toMatch(/\/api\/v1\/c\/me\/organizations$/);
    expect(post?.body).toEqual({ organization_id: 3 });
    expect(reload).not.toHaveBeenCalled();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 1000 });
  });

  it("offers a plain member of one organization the organizations page and no switch list", async () => {
    renderMenu([organization(7, "Solo", 1, true)]);
    await userEvent.click(screen.getByRole("button", { name: "open" }));
    expect((await screen.findAllByRole("menuitem")).map((item) => item.textContent)).toEqual([
      "Organizations",
    ]);
  });
});
