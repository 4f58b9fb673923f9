import { createServer, Socket } from "node:net";

/** A free TCP port on 127.0.0.1 (closed again before it is used: a small race, fine for tests and benches). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Waits until something accepts connections on 127.0.0.1:`port`; throws naming `what` after `limitMs`. */
export async function listening(port: number, what: string, limitMs = 30_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
      socket.connect(port, "127.0.0.1");
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${what} is not listening on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
