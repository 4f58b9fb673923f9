import type { ServerModule } from "../../platform/module.ts";
import { startWebhookDelivery } from "./deliver-webhooks.ts";
import { createHttpSender } from "./http-sender.ts";
import { webhooksRoutes } from "./routes.ts";

/**
 * Delivery webhooks of the public SMS API (issue 14 point 5, docs/webhooks.md, ADR 22): the sending
 * loop (claims leased with SKIP LOCKED, signed POSTs, backoff for 24 h), the attempt log, resend,
 * the signing secret and the API message detail. The engine's applyChanges queues the deliveries
 * with this module's queueDeliveriesCte.
 * The only door into this module.
 */
export { queueDeliveriesCte, queueInboundDeliveriesCte } from "./queue-deliveries-sql.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const webhooksModule: ServerModule = {
  routes: webhooksRoutes,
  loop: (app) =>
    startWebhookDelivery(
      {
        db: app.db,
        sealKey: app.config.apiKeyPepper,
        send: createHttpSender({
          allowPrivateAddresses: app.config.webhooks.allowPrivateAddresses,
          denyCidrs: app.config.webhooks.denyCidrs,
        }),
        log: app.log,
      },
      app.config.webhooks.pollMs,
    ),
};
