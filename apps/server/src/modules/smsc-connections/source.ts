import type { Db } from "@sms/db";
import type { Config } from "../../config.ts";
import type { ConnectionSpec } from "../../gateway/connection-spec.ts";
import type { ConnectionEntry, ConnectionReport, RoutingTable } from "../../gateway/registry.ts";
import { recordHealth } from "./connection-health.ts";
import { loadConnectionEntries, syncEnvConnection } from "./connections.ts";
import { createSecretBox, type SecretBox } from "./secret-box.ts";
import { loadRoutingTable } from "./smsc-routes.ts";

export function secretBoxOf(config: Config): SecretBox | null {
  return config.smsc.secretKey ? createSecretBox(config.smsc.secretKey) : null;
}

/**
 * Where the gateway registry reads its connections: the environment's row is brought in line with
 * the environment once per process (on the first read), then every read is one small SELECT.
 */
export function createConnectionSource(
  db: Db,
  config: Config,
  warn: (message: string) => void = (message) => console.warn(`smsc connections: ${message}`),
): {
  load(): Promise<ConnectionEntry<ConnectionSpec>[]>;
  loadRoutes(): Promise<RoutingTable>;
  report(reports: ConnectionReport[]): Promise<void>;
} {
  const box = secretBoxOf(config);
  let synced: Promise<void> | null = null;
  return {
    async load() {
      synced ??= syncEnvConnection(db, config).catch((error) => {
        synced = null;
        throw error;
      });
      await synced;
      return loadConnectionEntries(db, box, config, warn);
    },
    loadRoutes: () => loadRoutingTable(db),
    report: (reports) => recordHealth(db, reports),
  };
}
