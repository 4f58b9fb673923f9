import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { aGroup, pageOf, renderAt, routeOf } from "../lib/test-contacts";
import { AddContact, GroupContacts } from "./group-contacts";
import { CreateGroupForm } from "./group-form";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
const call = vi.mocked(api.call);

const conflict = (path: string, message: string) =>
  new ApiError(409, "CONFLICT", message, { details: [{ path, message }] });

beforeEach(async () => {
  await i18next.changeLanguage("en");
  call.mockImplementation((async (endpoint: Parameters<typeof api.call>[0]) => {
    switch (routeOf(endpoint)) {
      case routeOf(contactsEndpoints.getGroup):
        return { data: aGroup() };
      case routeOf(contactsEndpoints.listContacts):
        return pageOf([]);
      default:
        throw new Error(`unexpected ${routeOf(endpoint)}`);
    }
  }) as never);
});
afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe("GroupContacts", () => {
  it("shows the group's name, count, actions and the import panel it is given", async () => {
    renderAt(
      "/en/contacts/7",
      <GroupContacts id={7} importPanel={<p>import panel</p>} />,
      "/en/contacts/:id",
    );
    expect(await screen.findByTestId("group-name")).toHaveTextContent("ลูกค้า VIP");
    expect(screen.getByTestId("group-count")).toHaveTextContent("1,234,567 contacts");
    expect(screen.getByRole("link", { name: "Add contact" })).toHaveAttribute(
      "href",
      "/en/contacts/7/create",
    );
    expect(screen.getByText("import panel")).toBeInTheDocument();
    expect(await screen.findByText("This group has no contacts yet.")).toBeInTheDocument();
  });

  it("offers no export for an empty group, and one main action (review D24)", async () => {
    call.mockImplementation((async (endpoint: Parameters<typeof api.call>[0]) => {
      if (routeOf(endpoint) === routeOf(contactsEndpoints.getGroup))
        return { data: aGroup({ contact_count: 0 }) };
      if (routeOf(endpoint) === routeOf(contactsEndpoints.listContacts)) return pageOf([]);
      throw new Error(`unexpected ${routeOf(endpoint)}`);
    }) as never);
    renderAt("/en/contacts/7", <GroupContacts id={7} />, "/en/contacts/:id");
    expect(await screen.findByTestId("group-count")).toHaveTextContent("0 contacts");
    expect(screen.queryByTestId("export-csv")).not.toBeInTheDocument();
    expect(screen.queryByTestId("export-xlsx")).not.toBeInTheDocument();
    const add = screen.getByRole("link", { name: "Add contact" });
    const rename = screen.getByRole("link", { name: "Rename group" });
    expect(add.className).toContain("bg-primary-700");
    expect(rename.className).not.toContain("bg-primary");
  });

  it("downloads the export with the session's token under the server's file name", async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(
      async () =>
        new Response("\uFEFFfirst_name\n", {
          headers: {
            "content-type": "text/csv",
            "content-disposition": `attachment; filename="contacts-_.csv"; filename*=UTF-8''${encodeURIComponent("contacts-ลูกค้า.csv")}`,
          },
        }),
    );
    vi.stubGlobal("fetch", fetch);
    const saved: string[] = [];
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderAt("/en/contacts/7", <GroupContacts id={7} />, "/en/contacts/:id");
    await user.click(await screen.findByTestId("export-xlsx"));
    await waitFor(() => expect(saved).toEqual(["contacts-ลูกค้า.csv"]));
    expect(fetch).toHaveBeenCalledWith(
      "/api/v1/c/contact-groups/7/export?format=xlsx",
      expect.objectContaining({ headers: expect.objectContaining({ "Accept-Language": "en" }) }),
    );
    click.mockRestore();
  });

  it("says when the group does not exist", async () => {
    call.mockRejectedValue(new ApiError(404, "NOT_FOUND", "Not found"));
    renderAt("/en/contacts/9", <GroupContacts id={9} />, "/en/contacts/:id");
    expect(await screen.findByRole("alert")).toHaveTextContent("This contact group was not found.");
  });
});

describe("AddContact", () => {
  it("adds a contact in the 66 form and goes back to the group", async () => {
    const user = userEvent.setup();
    call.mockImplementation((async (endpoint: Parameters<typeof api.call>[0]) => {
      if (routeOf(endpoint) === routeOf(contactsEndpoints.getGroup)) return { data: aGroup() };
      return { data: {} };
    }) as never);
    const router = renderAt("/en/contacts/7/create", <AddContact groupId={7} />);
    await screen.findByRole("heading", { name: "Add contact to ลูกค้า VIP" });
    await user.type(screen.getByLabelText(/First name/), "สมชาย");
    await user.type(screen.getByLabelText(/Phone number/), "0812345678");
    await user.click(screen.getByRole("button", { name: "Add contact" }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(contactsEndpoints.createContact, {
        params: { id: 7 },
        body: { first_name: "สมชาย", last_name: "", phone_number: "66812345678" },
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/contacts/7"));
  });

  it("puts the server's duplicate message on the phone field", async () => {
    const user = userEvent.setup();
    call.mockImplementation((async (endpoint: Parameters<typeof api.call>[0]) => {
      if (routeOf(endpoint) === routeOf(contactsEndpoints.getGroup)) return { data: aGroup() };
      throw conflict("phone_number", "This number is already in the group.");
    }) as never);
    renderAt("/en/contacts/7/create", <AddContact groupId={7} />);
    await user.type(await screen.findByLabelText(/First name/), "A");
    await user.type(screen.getByLabelText(/Phone number/), "0812345678");
    await user.click(screen.getByRole("button", { name: "Add contact" }));
    expect(await screen.findByText(/This number is already in the group\./)).toBeInTheDocument();
    expect(screen.getByLabelText(/Phone number/)).toHaveAttribute("aria-invalid", "true");
  });

  it("adds a contact without a name, as an import does (review D25)", async () => {
    const user = userEvent.setup();
    call.mockImplementation((async (endpoint: Parameters<typeof api.call>[0]) => {
      if (routeOf(endpoint) === routeOf(contactsEndpoints.getGroup)) return { data: aGroup() };
      return { data: {} };
    }) as never);
    renderAt("/en/contacts/7/create", <AddContact groupId={7} />);
    const first = await screen.findByLabelText(/First name/);
    expect(first).not.toBeRequired();
    expect(first).toHaveAccessibleDescription(/Optional, as in a file import/);
    await user.type(screen.getByLabelText(/Phone number/), "0812345678");
    await user.click(screen.getByRole("button", { name: "Add contact" }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(contactsEndpoints.createContact, {
        params: { id: 7 },
        body: { first_name: "", last_name: "", phone_number: "66812345678" },
      }),
    );
  });
});

describe("CreateGroupForm", () => {
  it("creates a group and opens it; a taken name is shown on the field", async () => {
    const user = userEvent.setup();
    call.mockRejectedValueOnce(
      conflict("name", "A group with this name already exists. Please choose another name."),
    );
    call.mockResolvedValueOnce({ data: aGroup({ id: 12 }) } as never);
    const router = renderAt("/en/contacts/create", <CreateGroupForm />);
    await user.type(screen.getByLabelText(/Group name/), "VIP");
    await user.click(screen.getByRole("button", { name: "Create group" }));
    expect(await screen.findByText(/A group with this name already exists/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Create group" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/contacts/12"));
    expect(call).toHaveBeenCalledWith(contactsEndpoints.createGroup, { body: { name: "VIP" } });
  });
});
