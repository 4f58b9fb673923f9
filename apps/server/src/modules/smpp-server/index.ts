import type { FastifyInstance } from "fastify";
import type { ServerModule } from "../../platform/module.ts";
import { sendDeps } from "../sending/index.ts";
import { smppRoutes } from "./routes.ts";
import { SmppAccessServer } from "./server.ts";

/**
 * Customers' SMPP access (issue 27 point 5, ADR 102–103): the SMPP 3.4 server, the credentials
 * page's routes and the staff settings. The only door into this module.
 */
export { SMPP_STATUS, SmppAccessServer } from "./server.ts";

export const smppServerModule: ServerModule = { routes: smppRoutes };

/**
 * The server of SMPP_SERVER_PORT, for the roles that serve the API (main.ts); null when off.
 * Answers how to stop it.
 */
export async function startSmppServer(app: FastifyInstance): Promise<(() => Promise<void>) | null> {
  const options = app.config.smppServer;
  if (!options) return null;
  const server = new SmppAccessServer(
    { db: app.db, pepper: app.config.apiKeyPepper, send: sendDeps(app), log: app.log },
    {
      port: options.port,
      host: options.host,
      dedupeWindowMs: options.dedupeWindowMs,
      receiptRetentionMs: options.receiptRetentionMs,
    },
  );
  const port = await server.start();
  app.log.info({ port }, "smpp server listening");
  return () => server.stop();
}
