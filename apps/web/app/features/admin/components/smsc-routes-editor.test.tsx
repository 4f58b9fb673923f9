import type { TSmscConnection } from "@sms/domain/contracts/smsc-connections";
import type { TSmscRoute } from "@sms/domain/contracts/smsc-routes";
import { smscConnectionsEndpoints } from "@sms/domain/endpoints/smsc-connections";
import { smscRoutesEndpoints } from "@sms/domain/endpoints/smsc-routes";
import { act, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type MockedEndpoint, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { parseRanges } from "./operator-ranges-editor";
import { parsePrefixes } from "./smsc-route-dialog";
import { SmscRoutesEditor } from "./smsc-routes-editor";

const connection = (id: number, name: string): TSmscConnection => ({
  id,
  name,
  kind: "simulator",
  enabled: true,
  priority: id,
  host: null,
  port: null,
  system_id: null,
  password: "none",
  system_type: "",
  binds: 1,
  window: 10,
  tps: 50,
  submit_id_format: "text",
  receipt_id_format: "text",
  from_env: false,
  active: id === 1,
  health: null,
  created_at: "2026-11-01T00:00:00.000Z",
  updated_at: "2026-11-01T00:00:00.000Z",
});
const ROUTE: TSmscRoute = {
  id: 5,
  name: "OTP fast lane",
  position: 10,
  enabled: true,
  purposes: ["otp"],
  organization_id: null,
  sender: null,
  prefixes: null,
  operator: "AIS",
  connection_id: 2,
  failover: [1],
  created_at: "2026-11-01T00:00:00.000Z",
  updated_at: "2026-11-01T00:00:00.000Z",
};

let create: MockedEndpoint<typeof smscRoutesEndpoints.create>;
let replaceRanges: MockedEndpoint<typeof smscRoutesEndpoints.replaceRanges>;

beforeEach(() => {
  mockEndpoint(smscRoutesEndpoints.list, { data: { entities: [ROUTE] } });
  mockEndpoint(smscConnectionsEndpoints.list, {
    data: { entities: [connection(1, "Main"), connection(2, "Fast")], can_store_passwords: true },
  });
  mockEndpoint(smscRoutesEndpoints.ranges, { data: { entities: [{ prefix: "6681", operator: "AIS" }] } });
  create = mockEndpoint(smscRoutesEndpoints.create, ({ body }) => ({ data: { ...ROUTE, ...body, id: 6 } }));
  replaceRanges = mockEndpoint(smscRoutesEndpoints.replaceRanges, ({ body }) => ({
    data: { entities: body.ranges },
  }));
});

const renderEditor = () => renderApp(<SmscRoutesEditor />, { path: "/en/admin/smsc" });

describe("the routes editor", () => {
  it("deletes a route after the confirmation and gives the focus to the list", async () => {
    let routes = [ROUTE, { ...ROUTE, id: 7, name: "Marketing", position: 20 }];
    mockEndpoint(smscRoutesEndpoints.list, () => ({ data: { entities: routes } }));
    const remove = mockEndpoint(smscRoutesEndpoints.remove, ({ params }) => {
      routes = routes.filter((r) => r.id !== params.id);
      return { data: { id: params.id } };
    });
    const { user } = await renderEditor();
    await user.click(await screen.findByTestId("delete-route-5"));
    await user.click(within(await screen.findByRole("alertdialog")).getByTestId("confirm-delete"));
    await vi.waitFor(() => expect(remove.calls).toMatchObject([{ params: { id: 5 } }]));
    // The row's Delete button went with its row: the focus goes to the list, not to the page's top.
    await vi.waitFor(() => expect(screen.getByTestId("smsc-routes-region")).toHaveFocus());
    expect(screen.queryByTestId("delete-route-5")).not.toBeInTheDocument();
  });

  it("lists each rule with its conditions in words and its connections in failover order", async () => {
    await renderEditor();
    // The table (and, below 640 px, the same rows as cards).
    const row = (await screen.findAllByText("OTP fast lane"))
      .map((cell) => cell.closest("tr"))
      .find((tr) => tr !== null) as HTMLElement;
    expect(within(row).getByText("OTP · Operator AIS")).toBeTruthy();
    expect(within(row).getByText("Fast → Main")).toBeTruthy();
  });

  it("adds a route: empty conditions are 'any', prefixes typed with 0 become 66, the connection is not its own failover", async () => {
    const { user } = await renderEditor();
    await screen.findAllByText("OTP fast lane");
    await user.click(screen.getByTestId("add-route"));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByTestId("route-name"), "DTAC cheap");
    await user.selectOptions(within(dialog).getByTestId("route-connection_id"), "2");
    await user.click(within(dialog).getByRole("checkbox", { name: "Main" }));
    await user.type(within(dialog).getByTestId("route-prefixes"), "0891, 6692");
    await user.click(within(dialog).getByTestId("route-save"));
    await vi.waitFor(() => expect(create.calls).toHaveLength(1));
    expect(create.calls[0]?.body).toEqual({
      name: "DTAC cheap",
      position: 20,
      enabled: true,
      purposes: null,
      organization_id: null,
      sender: null,
      prefixes: ["66891", "6692"],
      operator: null,
      connection_id: 2,
      failover: [1],
    });
  });

  it("keeps what was typed when the connections refresh (their load, every few seconds)", async () => {
    const { user, client } = await renderEditor();
    await screen.findAllByText("OTP fast lane");
    await user.click(screen.getByTestId("add-route"));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByTestId("route-name"), "DTAC cheap");
    await user.click(within(dialog).getByRole("checkbox", { name: "OTP" }));
    // The next answer differs as a refresh does (here the active connection), so the list is new.
    const refreshed = mockEndpoint(smscConnectionsEndpoints.list, {
      data: {
        entities: [
          { ...connection(1, "Main"), active: false },
          { ...connection(2, "Fast"), active: true },
        ],
        can_store_passwords: true,
      },
    });
    await act(() => client.refetchQueries());
    expect(refreshed.calls.length).toBeGreaterThan(0);
    expect(within(dialog).getByTestId("route-name")).toHaveValue("DTAC cheap");
    expect(within(dialog).getByRole("checkbox", { name: "OTP" })).toBeChecked();
  });

  it("saves operator ranges one per line, and names the lines it cannot read", async () => {
    const { user } = await renderEditor();
    const box = await screen.findByTestId("operator-ranges");
    await vi.waitFor(() => expect((box as HTMLTextAreaElement).value).toBe("6681 AIS"));
    await user.clear(box);
    await user.type(box, "6681 AIS{enter}oops{enter}0891,DTAC");
    await user.click(screen.getByTestId("save-ranges"));
    expect(await screen.findByText(/These lines need a prefix .*: 2\./)).toBeTruthy();
    expect(replaceRanges.calls).toHaveLength(0);
    expect(parseRanges("6681 AIS\n\n0891,DTAC\n66812\ttrue move h")).toEqual({
      ranges: [
        { prefix: "6681", operator: "AIS" },
        { prefix: "66891", operator: "DTAC" },
        { prefix: "66812", operator: "true move h" },
      ],
      badLines: [],
    });
    expect(parsePrefixes(" , ")).toBeNull();
  });
});
