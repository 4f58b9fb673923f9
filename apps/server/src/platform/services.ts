import type { Db } from "@sms/db";
import type { Config } from "../config.ts";
import { buildConnectionGateway, type ConnectionSpec, connectionWeight } from "../gateway/connection-spec.ts";
import {
  type ConnectionEntry,
  type ConnectionReport,
  createGatewayRegistry,
  type RoutingTable,
} from "../gateway/registry.ts";

import { createSimulatorGateway } from "../gateway/simulator.ts";
import { createSmppGateway } from "../gateway/smpp-gateway.ts";
import type { SmsGateway } from "../gateway/sms-gateway.ts";
import { createDevMailbox } from "../mail/dev-mailbox.ts";
import type { Mailer } from "../mail/mailer.ts";
import { createSmtpMailer } from "../mail/smtp-mailer.ts";

/** The outside world the product talks to, built once per process and shared by routes and jobs. */
export interface Services {
  mailer: Mailer;
  smsGateway: SmsGateway;
  close(): Promise<void>;
}

const noRoutes: Promise<RoutingTable> = Promise.resolve({ rules: [], ranges: [] });

/**
 * With `connections` (the app's), the gateway is the registry of the SMSC connections staff manage
 * (ADR 65); without, the one gateway SMS_GATEWAY names (tools and tests of a single gateway).
 */
export function createServices(
  config: Config,
  db: Db,
  options: {
    connections?: {
      load(): Promise<ConnectionEntry<ConnectionSpec>[]>;
      loadRoutes?(): Promise<RoutingTable>;
      report?(reports: ConnectionReport[]): Promise<void>;
    };
  } = {},
): Services {
  const smtp = config.smtpUrl ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom }) : null;
  const { connections } = options;
  // SMPP binds lazily (first send, submit or listen): processes that never send never bind.
  const smsGateway = connections
    ? createGatewayRegistry<ConnectionSpec>({
        load: () => connections.load(),
        ...(connections.loadRoutes ? { loadRoutes: () => connections.loadRoutes?.() ?? noRoutes } : {}),
        ...(connections.report
          ? { report: (reports: ConnectionReport[]) => connections.report?.(reports) ?? Promise.resolve() }
          : {}),
        build: (spec) =>
          buildConnectionGateway(spec, {
            db,
            simulatorReceiptDelayMs: config.simulator.receiptDelayMs,
            smppTimings: {
              pduTimeoutMs: config.smpp?.pduTimeoutMs,
              enquireLinkMs: config.smpp?.enquireLinkMs,
            },
          }),
        weight: connectionWeight,
        refreshMs: config.smsc.refreshMs,
      })
    : config.smsGateway === "smpp"
      ? createSmppGateway(config.smpp ?? missing("SMPP settings"))
      : createSimulatorGateway({ db, ...config.simulator });
  return {
    mailer: smtp ?? createDevMailbox({ db, from: config.mailFrom }),
    smsGateway,
    close: async () => {
      await smsGateway.close();
      await smtp?.close();
    },
  };
}

function missing(what: string): never {
  throw new Error(`SMS_GATEWAY=smpp needs the ${what}`);
}
