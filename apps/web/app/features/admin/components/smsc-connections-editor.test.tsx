import type { TSmscConnection } from "@sms/domain/contracts/smsc-connections";
import { smscConnectionsEndpoints } from "@sms/domain/endpoints/smsc-connections";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { apiError, type MockedEndpoint, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { SMSC_HEALTH_REFRESH_MS } from "../api/smsc-connections";
import { SmscConnectionsEditor } from "./smsc-connections-editor";

const connection = (id: number, overrides: Partial<TSmscConnection> = {}): TSmscConnection => ({
  id,
  name: `Operator ${id}`,
  kind: "smpp",
  enabled: true,
  priority: id * 10,
  host: "smsc.example.net",
  port: 2775,
  system_id: "portal",
  password: "stored",
  system_type: "",
  binds: 2,
  window: 50,
  tps: 200,
  submit_id_format: "text",
  receipt_id_format: "hex",
  from_env: false,
  active: false,
  health: null,
  created_at: "2026-11-01T00:00:00.000Z",
  updated_at: "2026-11-01T00:00:00.000Z",
  ...overrides,
});
const ENV = connection(1, {
  name: "Simulator (environment)",
  kind: "simulator",
  host: null,
  port: null,
  system_id: null,
  password: "none",
  from_env: true,
  priority: 100,
});

const renderEditor = () => renderApp(<SmscConnectionsEditor />, { path: "/en/admin/smsc" });

describe("SmscConnectionsEditor", () => {
  let update: MockedEndpoint<typeof smscConnectionsEndpoints.update>;

  beforeEach(() => {
    mockEndpoint(smscConnectionsEndpoints.list, {
      data: {
        entities: [connection(2, { active: true }), ENV, connection(3, { enabled: false })],
        can_store_passwords: true,
      },
    });
    update = mockEndpoint(smscConnectionsEndpoints.update, { data: connection(4) });
  });

  it("lists the connections in order with the one sending now, standby and disabled told apart", async () => {
    await renderEditor();
    await screen.findByTestId("edit-smsc-2");
    const rows = within(screen.getByRole("table", { name: "SMSC connections" }))
      .getAllByRole("row")
      .slice(1);
    expect(rows[0]).toHaveTextContent("Operator 2");
    expect(rows[0]).toHaveTextContent("Sending now");
    expect(rows[0]).toHaveTextContent("portal@smsc.example.net:2775");
    expect(rows[1]).toHaveTextContent("Environment");
    expect(rows[1]).toHaveTextContent("Standby");
    expect(rows[2]).toHaveTextContent("Disabled");
  });

  it("shows a connection its answers took out as down, with its traffic and last error (issue 26 point 4)", async () => {
    mockEndpoint(smscConnectionsEndpoints.list, {
      data: {
        entities: [
          connection(2, {
            active: true,
            health: {
              state: "down",
              failures: 3,
              last_error: "not bound: ECONNREFUSED",
              down_since: "2026-11-28T10:00:00.000Z",
              per_second: 12.5,
              not_taken_share: 0.8,
              binds: { bound: 1, configured: 2 },
              queued: 40,
              in_flight: 10,
              reported_at: "2026-11-28T10:01:00.000Z",
              processes: 2,
            },
          }),
          ENV,
        ],
        can_store_passwords: true,
      },
    });
    await renderEditor();
    await screen.findByTestId("edit-smsc-2");
    const rows = within(screen.getByRole("table", { name: "SMSC connections" }))
      .getAllByRole("row")
      .slice(1);
    expect(rows[0]).toHaveTextContent("Down");
    expect(rows[0]).not.toHaveTextContent("Sending now");
    expect(rows[0]).toHaveTextContent("12.5 messages/s, 80% not taken");
    expect(rows[0]).toHaveTextContent("Last error: not bound: ECONNREFUSED");
    expect(rows[0]).toHaveTextContent("Binds 1 of 2 · queue 40 waiting, 10 in flight");
    // Two worker processes send through it: what is shown is their reports summed (ADR 91).
    expect(rows[0]).toHaveTextContent("Summed over 2 sending processes");
    expect(rows[1]).toHaveTextContent("Nothing sent lately");
  });

  it("reads the health again while the page is open (live)", async () => {
    const list = mockEndpoint(smscConnectionsEndpoints.list, {
      data: { entities: [connection(2, { active: true }), ENV], can_store_passwords: true },
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await renderEditor();
      await screen.findByTestId("edit-smsc-1");
      const before = list.calls.length;
      await vi.advanceTimersByTimeAsync(SMSC_HEALTH_REFRESH_MS + 100);
      await vi.waitFor(() => expect(list.calls.length).toBe(before + 1));
    } finally {
      vi.useRealTimers();
    }
  });

  it("changes only the order and the switch of the environment's connection", async () => {
    const { user } = await renderEditor();
    await user.click(await screen.findByTestId("edit-smsc-1"));
    const dialog = await screen.findByRole("dialog", { name: "Edit Simulator (environment)" });
    expect(within(dialog).queryByTestId("smsc-name")).toBeNull();
    expect(within(dialog).queryByTestId("smsc-host")).toBeNull();
    const order = within(dialog).getByTestId("smsc-priority");
    await user.clear(order);
    await user.type(order, "5");
    await user.click(within(dialog).getByTestId("smsc-save"));
    await vi.waitFor(() => expect(update.calls).toHaveLength(1));
    expect(update.calls[0]).toMatchObject({ params: { id: 1 }, body: { enabled: true, priority: 5 } });
  });

  it("adds an SMPP connection and puts the server's field errors on their fields", async () => {
    mockEndpoint(smscConnectionsEndpoints.list, { data: { entities: [ENV], can_store_passwords: true } });
    // The port is out of range on purpose: the server's field error is what this test is about.
    const create = mockEndpoint(
      smscConnectionsEndpoints.create,
      apiError(400, "VALIDATION", "Please check the form.", {
        details: [{ path: "port", message: "Please enter a port from 1 to 65535." }],
      }),
      { unchecked: true },
    );
    const { user } = await renderEditor();
    await user.click(await screen.findByTestId("add-smsc"));
    const dialog = await screen.findByRole("dialog", { name: "Add an SMSC connection" });
    await user.type(within(dialog).getByTestId("smsc-name"), "Operator A");
    await user.type(within(dialog).getByTestId("smsc-host"), "10.0.0.5");
    const port = within(dialog).getByTestId("smsc-port");
    await user.clear(port);
    await user.type(port, "99999");
    await user.type(within(dialog).getByTestId("smsc-system_id"), "portal");
    await user.type(within(dialog).getByTestId("smsc-password"), "pw");
    await user.click(within(dialog).getByTestId("smsc-save"));
    await vi.waitFor(() => expect(create.calls).toHaveLength(1));
    expect(create.calls[0]).toMatchObject({
      body: expect.objectContaining({
        name: "Operator A",
        kind: "smpp",
        host: "10.0.0.5",
        port: "99999",
        system_id: "portal",
        password: "pw",
        priority: "100",
        enabled: true,
      }),
    });
    expect(await within(dialog).findByText(/Please enter a port from 1 to 65535\./)).toBeInTheDocument();
    expect(within(dialog).getByTestId("smsc-port")).toHaveAttribute("aria-invalid", "true");
  });
});
