import type { lookup } from "node:dns";
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpSender } from "./http-sender.ts";

// Issue 23 point 5: a dead receiver costs a worker at most the connect limit, not the whole
// exchange's; a receiver that connects and then says nothing costs the exchange's limit.

let silent: Server;
let port: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  // Accepts connections and never answers.
  silent = createServer((socket) => {
    sockets.push(socket);
  });
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const address = silent.address();
  port = typeof address === "object" && address ? address.port : 0;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

const request = (url: string) => ({ url, headers: { "content-type": "application/json" }, body: "{}" });

/** A resolver that never answers: the socket stays "connecting" until the connect limit. */
const hangingLookup = (() => undefined) as unknown as typeof lookup;

describe("the webhook sender's time limits", () => {
  it("gives up on a connection that never completes after the connect limit, well before the exchange's", async () => {
    const send = createHttpSender({
      allowPrivateAddresses: true,
      connectTimeoutMs: 200,
      timeoutMs: 10_000,
      dnsLookup: hangingLookup,
    });
    const started = performance.now();
    const answer = await send(request("http://receiver.example.test/hook"));
    const ms = performance.now() - started;
    expect(answer).toEqual({ httpStatus: null, error: "webhooks.error.connect_timeout" });
    expect(ms).toBeGreaterThanOrEqual(190);
    expect(ms).toBeLessThan(5_000);
  });

  it("waits for a connected receiver's answer until the exchange's limit, not the connect limit", async () => {
    const send = createHttpSender({ allowPrivateAddresses: true, connectTimeoutMs: 100, timeoutMs: 600 });
    const started = performance.now();
    const answer = await send(request(`http://127.0.0.1:${port}/hook`));
    expect(answer).toEqual({ httpStatus: null, error: "webhooks.error.timeout" });
    expect(performance.now() - started).toBeGreaterThanOrEqual(590);
  });
});
