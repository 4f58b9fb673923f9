import type { TSmscConnection } from "@sms/domain/contracts/smsc-connections";
import { smscConnectionsEndpoints } from "@sms/domain/endpoints/smsc-connections";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { SMSC_HEALTH_REFRESH_MS } from "../api/smsc-connections";
import { SmscConnectionsEditor } from "./smsc-connections-editor";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
const call = vi.mocked(api.call);

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

function renderEditor() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SmscConnectionsEditor />
    </QueryClientProvider>,
  );
}
const callsTo = (endpoint: unknown) =>
  call.mock.calls.filter(([e]) => e === endpoint).map(([, options]) => options as unknown);

describe("SmscConnectionsEditor", () => {
  beforeEach(async () => {
    call.mockReset();
    await i18next.changeLanguage("en");
    call.mockImplementation(async (endpoint) => {
      if (endpoint === smscConnectionsEndpoints.list)
        return {
          data: {
            entities: [connection(2, { active: true }), ENV, connection(3, { enabled: false })],
            can_store_passwords: true,
          },
        } as never;
      return { data: connection(4) } as never;
    });
  });
  afterEach(() => i18next.changeLanguage("th"));

  it("lists the connections in order with the one sending now, standby and disabled told apart", async () => {
    renderEditor();
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
    call.mockImplementation(async (endpoint) => {
      if (endpoint === smscConnectionsEndpoints.list)
        return {
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
                },
              }),
              ENV,
            ],
            can_store_passwords: true,
          },
        } as never;
      return { data: connection(4) } as never;
    });
    renderEditor();
    await screen.findByTestId("edit-smsc-2");
    const rows = within(screen.getByRole("table", { name: "SMSC connections" }))
      .getAllByRole("row")
      .slice(1);
    expect(rows[0]).toHaveTextContent("Down");
    expect(rows[0]).not.toHaveTextContent("Sending now");
    expect(rows[0]).toHaveTextContent("12.5 messages/s, 80% not taken");
    expect(rows[0]).toHaveTextContent("Last error: not bound: ECONNREFUSED");
    expect(rows[0]).toHaveTextContent("Binds 1 of 2 · queue 40 waiting, 10 in flight");
    expect(rows[1]).toHaveTextContent("Nothing sent lately");
  });

  it("reads the health again while the page is open (live)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderEditor();
      await screen.findByTestId("edit-smsc-1");
      const listed = () =>
        call.mock.calls.filter(([endpoint]) => endpoint === smscConnectionsEndpoints.list).length;
      const before = listed();
      await vi.advanceTimersByTimeAsync(SMSC_HEALTH_REFRESH_MS + 100);
      await vi.waitFor(() => expect(listed()).toBe(before + 1));
    } finally {
      vi.useRealTimers();
    }
  });

  it("changes only the order and the switch of the environment's connection", async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByTestId("edit-smsc-1"));
    const dialog = await screen.findByRole("dialog", { name: "Edit Simulator (environment)" });
    expect(within(dialog).queryByTestId("smsc-name")).toBeNull();
    expect(within(dialog).queryByTestId("smsc-host")).toBeNull();
    const order = within(dialog).getByTestId("smsc-priority");
    await user.clear(order);
    await user.type(order, "5");
    await user.click(within(dialog).getByTestId("smsc-save"));
    await vi.waitFor(() => expect(callsTo(smscConnectionsEndpoints.update)).toHaveLength(1));
    expect(callsTo(smscConnectionsEndpoints.update)[0]).toEqual({
      params: { id: 1 },
      body: { enabled: true, priority: "5" },
    });
  });

  it("adds an SMPP connection and puts the server's field errors on their fields", async () => {
    const user = userEvent.setup();
    call.mockImplementation(async (endpoint) => {
      if (endpoint === smscConnectionsEndpoints.list)
        return { data: { entities: [ENV], can_store_passwords: true } } as never;
      throw new ApiError(400, "VALIDATION", "Please check the form.", {
        details: [{ path: "port", message: "Please enter a port from 1 to 65535." }],
      });
    });
    renderEditor();
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
    await vi.waitFor(() => expect(callsTo(smscConnectionsEndpoints.create)).toHaveLength(1));
    expect(callsTo(smscConnectionsEndpoints.create)[0]).toEqual({
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
