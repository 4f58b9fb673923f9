import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { consentWording, contact, contactGroup, page } from "../../../../test/factories";
import { apiError, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { AddContact, GroupContacts } from "./group-contacts";
import { CreateGroupForm } from "./group-form";

const conflict = (path: string, message: string) =>
  apiError(409, "CONFLICT", message, { details: [{ path, message }] });

const showGroup = (id: number, importPanel?: React.ReactNode) =>
  renderApp(<GroupContacts id={id} importPanel={importPanel} />, {
    path: `/en/contacts/${id}`,
    pattern: "/en/contacts/:id",
  });

beforeEach(() => {
  mockEndpoint(contactsEndpoints.getGroup, { data: contactGroup() });
  mockEndpoint(contactsEndpoints.listContacts, page([]));
  mockEndpoint(contactsEndpoints.getConsentWording, { data: consentWording() });
});
afterEach(() => vi.unstubAllGlobals());

describe("GroupContacts", () => {
  it("shows the group's name, count, actions and the import panel it is given", async () => {
    await showGroup(7, <p>import panel</p>);
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
    mockEndpoint(contactsEndpoints.getGroup, { data: contactGroup({ contact_count: 0 }) });
    await showGroup(7);
    expect(await screen.findByTestId("group-count")).toHaveTextContent("0 contacts");
    expect(screen.queryByTestId("export-csv")).not.toBeInTheDocument();
    expect(screen.queryByTestId("export-xlsx")).not.toBeInTheDocument();
    const add = screen.getByRole("link", { name: "Add contact" });
    const rename = screen.getByRole("link", { name: "Rename group" });
    expect(add.className).toContain("bg-primary-700");
    expect(rename.className).not.toContain("bg-primary");
  });

  it("downloads the export with the session's token under the server's file name", async () => {
    const exported = mockEndpoint(
      contactsEndpoints.exportContacts,
      () =>
        new Response("\uFEFFfirst_name\n", {
          headers: {
            "content-type": "text/csv",
            "content-disposition": `attachment; filename="contacts-_.csv"; filename*=UTF-8''${encodeURIComponent("contacts-ลูกค้า.csv")}`,
          },
        }),
    );
    const saved: string[] = [];
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const { user } = await showGroup(7);
    await user.click(await screen.findByTestId("export-xlsx"));
    await waitFor(() => expect(saved).toEqual(["contacts-ลูกค้า.csv"]));
    expect(exported.calls).toMatchObject([{ params: { id: 7 }, query: { format: "xlsx" } }]);
    expect(exported.lastCall?.request.headers.get("Accept-Language")).toBe("en");
    click.mockRestore();
  });

  it("says when the group does not exist", async () => {
    mockEndpoint(contactsEndpoints.getGroup, apiError(404, "NOT_FOUND", "Not found"));
    await showGroup(9);
    expect(await screen.findByRole("alert")).toHaveTextContent("This contact group was not found.");
  });
});

describe("AddContact", () => {
  const showAdd = () =>
    renderApp(<AddContact groupId={7} />, {
      path: "/en/contacts/7/create",
      pages: { "/en/contacts/:id": <p>group page</p> },
    });

  it("adds a contact in the 66 form and goes back to the group", async () => {
    const create = mockEndpoint(contactsEndpoints.createContact, { data: contact(1) });
    const { user, router } = await showAdd();
    await screen.findByRole("heading", { name: "Add contact to ลูกค้า VIP" });
    await user.type(screen.getByLabelText(/First name/), "สมชาย");
    await user.type(screen.getByLabelText(/Phone number/), "0812345678");
    // It starts as the organization's wording (ADR 108); this contact agreed to other words.
    const consent = screen.getByLabelText(/What the contact agreed to/);
    await waitFor(() => expect(consent).toHaveValue("Shop members v4: news and offers by SMS"));
    expect(consent).toBeRequired();
    expect(consent).toHaveAccessibleDescription(/consent wording, version 4/);
    await user.clear(consent);
    await user.type(consent, "Member form v3");
    expect(consent).not.toHaveAccessibleDescription(/version 4/);
    await user.click(screen.getByRole("button", { name: "Add contact" }));
    // Added here: an opt-in through the form, with the text agreed (ADR 94).
    await waitFor(() =>
      expect(create.calls).toMatchObject([
        {
          params: { id: 7 },
          body: {
            first_name: "สมชาย",
            last_name: "",
            phone_number: "66812345678",
            consent_source: "form",
            consent_statement: "Member form v3",
          },
        },
      ]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/contacts/7"));
  });

  it("holds an add pressed before the consent wording arrived, and sends it with the wording", async () => {
    let release: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockEndpoint(contactsEndpoints.getConsentWording, async () => {
      await arrived;
      return { data: consentWording() };
    });
    const create = mockEndpoint(contactsEndpoints.createContact, { data: contact(1) });
    const { user, router } = await showAdd();
    await screen.findByRole("heading", { name: "Add contact to ลูกค้า VIP" });
    await user.type(screen.getByLabelText(/Phone number/), "0812345678");
    const add = screen.getByRole("button", { name: /Add contact/ });
    await user.click(add);
    // Not refused as a blank text: held, and shown busy.
    expect(add).toHaveAttribute("aria-busy", "true");
    expect(screen.queryByText(/Please enter what the contact agreed to/)).not.toBeInTheDocument();
    expect(create.calls).toHaveLength(0);
    release();
    await waitFor(() =>
      expect(create.calls).toMatchObject([
        {
          body: { phone_number: "66812345678", consent_statement: "Shop members v4: news and offers by SMS" },
        },
      ]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/contacts/7"));
  });

  it("puts the server's duplicate message on the phone field", async () => {
    mockEndpoint(
      contactsEndpoints.createContact,
      conflict("phone_number", "This number is already in the group."),
    );
    const { user } = await showAdd();
    await user.type(await screen.findByLabelText(/First name/), "A");
    await user.type(screen.getByLabelText(/Phone number/), "0812345678");
    await user.click(screen.getByRole("button", { name: "Add contact" }));
    expect(await screen.findByText(/This number is already in the group\./)).toBeInTheDocument();
    expect(screen.getByLabelText(/Phone number/)).toHaveAttribute("aria-invalid", "true");
  });

  it("adds a contact without a name, as an import does (review D25)", async () => {
    const create = mockEndpoint(contactsEndpoints.createContact, { data: contact(1) });
    const { user } = await showAdd();
    const first = await screen.findByLabelText(/First name/);
    expect(first).not.toBeRequired();
    expect(first).toHaveAccessibleDescription(/Optional, as in a file import/);
    await user.type(screen.getByLabelText(/Phone number/), "0812345678");
    await waitFor(() =>
      expect(screen.getByLabelText(/What the contact agreed to/)).toHaveValue(consentWording().text),
    );
    await user.click(screen.getByRole("button", { name: "Add contact" }));
    // The wording as prefilled goes with it: the server records its version (ADR 108).
    await waitFor(() =>
      expect(create.calls).toMatchObject([
        {
          params: { id: 7 },
          body: {
            first_name: "",
            last_name: "",
            phone_number: "66812345678",
            consent_source: "form",
            consent_statement: consentWording().text,
          },
        },
      ]),
    );
  });

  it("does not add a contact without what it agreed to (ADR 108)", async () => {
    const create = mockEndpoint(contactsEndpoints.createContact, { data: contact(1) });
    const { user } = await showAdd();
    await user.type(await screen.findByLabelText(/Phone number/), "0812345678");
    const consent = screen.getByLabelText(/What the contact agreed to/);
    await waitFor(() => expect(consent).toHaveValue(consentWording().text));
    await user.clear(consent);
    await user.click(screen.getByRole("button", { name: "Add contact" }));
    expect(
      await screen.findByText(/Please enter what the contact agreed to: the text or its version\./),
    ).toBeInTheDocument();
    expect(consent).toHaveAttribute("aria-invalid", "true");
    expect(create.calls).toHaveLength(0);
  });
});

describe("CreateGroupForm", () => {
  it("creates a group and opens it; a taken name is shown on the field", async () => {
    const create = mockEndpoint(contactsEndpoints.createGroup, { data: contactGroup({ id: 12 }) });
    mockEndpoint(
      contactsEndpoints.createGroup,
      conflict("name", "A group with this name already exists. Please choose another name."),
      { once: true },
    );
    const { user, router } = await renderApp(<CreateGroupForm />, {
      path: "/en/contacts/create",
      pages: { "/en/contacts/:id": <p>group page</p> },
    });
    await user.type(screen.getByLabelText(/Group name/), "VIP");
    await user.click(screen.getByRole("button", { name: "Create group" }));
    expect(await screen.findByText(/A group with this name already exists/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Create group" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/contacts/12"));
    expect(create.calls).toMatchObject([{ body: { name: "VIP" } }]);
  });
});
