import type { TTemplateListItem } from "@sms/domain/contracts/templates";
import { templatesEndpoints } from "@sms/domain/endpoints/templates";
import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page } from "../../../../test/factories";
import { apiError, type MockedEndpoint, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { spyOnToasts } from "../../../../test/toasts";
import { TemplatesTable } from "./templates-table";

spyOnToasts();

const row = (id: number, name: string, enabled: boolean): TTemplateListItem => ({
  id,
  name,
  enabled,
  message_excerpt: `${name} message`,
  message_length: 20,
  created_at: "2026-01-02T03:04:05.000Z",
  updated_at: "2026-01-05T10:00:00.000Z",
});

let rows: TTemplateListItem[];

const renderTable = (path = "/en/templates") =>
  renderApp(<TemplatesTable />, { path, pattern: "/:lang/templates" });

/** A promise the test settles, to look at the table while a request is in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

let list: MockedEndpoint<typeof templatesEndpoints.list>;

beforeEach(() => {
  rows = [row(2, "Promo", true), row(1, "Reminder", false)];
  list = mockEndpoint(templatesEndpoints.list, () => page(rows.map((r) => ({ ...r }))));
});
afterEach(() => vi.clearAllMocks());

describe("TemplatesTable", () => {
  it("shows name, message, status and both times in the page's language", async () => {
    await renderTable();
    await screen.findByText("Promo");
    const [promo] = screen.getAllByRole("row").slice(1);
    expect(promo).toHaveTextContent("Promo message");
    expect(within(promo as HTMLElement).getByRole("switch", { name: "Template Promo on" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    expect(promo).toHaveTextContent("02 Jan 2026 10:04");
    expect(promo).toHaveTextContent("05 Jan 2026 17:00");
  });

  it("shows the Buddhist-era year in Thai", async () => {
    await renderTable("/th/templates");
    await screen.findByText("Promo");
    expect(screen.getAllByRole("row")[1]).toHaveTextContent("02 ม.ค. 2569 10:04");
  });

  it("turns a template off at once, sends the change and says so", async () => {
    const patch = deferred<void>();
    const update = mockEndpoint(templatesEndpoints.update, async () => {
      await patch.promise;
      return { data: { ...(rows[0] as TTemplateListItem), message: "Promo message" } };
    });
    const { user } = await renderTable();
    const toggle = await screen.findByRole("switch", { name: "Template Promo on" });
    await user.click(toggle);
    // Optimistic: off before the server answers.
    expect(toggle).toHaveAttribute("aria-checked", "false");
    await waitFor(() =>
      expect(update.calls).toMatchObject([{ params: { id: 2 }, body: { enabled: false } }]),
    );
    rows[0] = { ...(rows[0] as TTemplateListItem), enabled: false };
    patch.resolve();
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Template updated", { description: "“Promo” is now off." }),
    );
    expect(screen.getByRole("switch", { name: "Template Promo on" })).toHaveAttribute(
      "aria-checked",
      "false",
    );
  });

  it("puts the switch back and shows the error when the server refuses", async () => {
    const patch = deferred<void>();
    mockEndpoint(templatesEndpoints.update, async () => {
      await patch.promise;
      return apiError(404, "NOT_FOUND", "Not found");
    });
    const { user } = await renderTable();
    const toggle = await screen.findByRole("switch", { name: "Template Reminder on" });
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute("aria-checked", "true"));
    patch.resolve();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Not found"));
    await waitFor(() => expect(toggle).toHaveAttribute("aria-checked", "false"));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("toggles from the keyboard", async () => {
    const update = mockEndpoint(templatesEndpoints.update, {
      data: { ...row(1, "Reminder", true), message: "x" },
    });
    const { user } = await renderTable();
    const toggle = await screen.findByRole("switch", { name: "Template Reminder on" });
    toggle.focus();
    await user.keyboard(" ");
    await waitFor(() => expect(update.calls).toMatchObject([{ params: { id: 1 }, body: { enabled: true } }]));
  });

  it("asks before deleting, starts on Cancel, and deletes once confirmed", async () => {
    const remove = mockEndpoint(templatesEndpoints.delete, () => {
      rows = rows.filter((r) => r.id !== 2);
      return { data: { id: 2 } };
    });
    const { user } = await renderTable();
    await user.click(await screen.findByRole("button", { name: "Delete template Promo" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete this template?" });
    expect(dialog).toHaveTextContent("“Promo”");
    // The dialog moves the focus once it has opened: wait for it rather than read it at once.
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus());
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(remove.calls).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Delete template Promo" }));
    await user.click(await screen.findByTestId("confirm-delete"));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Template deleted"));
    expect(remove.calls.map((call) => call.params)).toEqual([{ id: 2 }]);
    await waitFor(() => expect(screen.queryByText("Promo")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId("templates-region")).toHaveFocus());
  });

  it("searches by name and filters by status through the URL", async () => {
    const { user, router } = await renderTable();
    await screen.findByText("Promo");
    await user.type(screen.getByRole("searchbox", { name: "Search by name" }), "Rem{Enter}");
    await waitFor(() => expect(router.state.location.search).toBe("?search=Rem"));
    await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "false");
    await waitFor(() => expect(router.state.location.search).toBe("?search=Rem&enabled=false"));
    await waitFor(() =>
      expect(list.lastCall?.search).toMatchObject({ search: "Rem", enabled: "false", page: "1" }),
    );
  });

  it("says when there is no template yet", async () => {
    rows = [];
    await renderTable();
    expect(await screen.findByText("No templates yet. Create one to reuse a message.")).toBeInTheDocument();
  });
});
