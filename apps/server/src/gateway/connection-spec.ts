import type { Db } from "@sms/db";
import { createSimulatorGateway } from "./simulator.ts";
import type { MessageIdFormat } from "./smpp/message-id.ts";
import { createSmppGateway } from "./smpp-gateway.ts";
import type { SmsGateway } from "./sms-gateway.ts";

/** What a gateway of one SMSC connection is built from (a row of smsc_connections, password opened). */
export type ConnectionSpec =
  | { kind: "simulator"; id: number; tps: number }
  | {
      kind: "smpp";
      id: number;
      host: string;
      port: number;
      systemId: string;
      password: string;
      systemType: string;
      binds: number;
      window: number;
      tps: number;
      submitIdFormat: MessageIdFormat;
      receiptIdFormat: MessageIdFormat;
    };

/**
 * A connection's share among peers of equal priority (ADR 91): what it may send a second, its
 * contracted rate over all its binds (the simulator: its rate).
 */
export function connectionWeight(spec: ConnectionSpec): number {
  return spec.kind === "simulator" ? spec.tps : spec.tps * spec.binds;
}

export interface BuildContext {
  db: Db;
  /** The simulator's report delay (SIMULATOR_RECEIPT_DELAY_MS). */
  simulatorReceiptDelayMs: number;
  /** Per-process SMPP timings from the environment (SMPP_PDU_TIMEOUT_MS, SMPP_ENQUIRE_LINK_MS). */
  smppTimings: { pduTimeoutMs?: number; enquireLinkMs?: number };
}

export function buildConnectionGateway(spec: ConnectionSpec, context: BuildContext): SmsGateway {
  if (spec.kind === "simulator")
    return createSimulatorGateway({
      db: context.db,
      tps: spec.tps,
      receiptDelayMs: context.simulatorReceiptDelayMs,
    });
  return createSmppGateway({
    host: spec.host,
    port: spec.port,
    systemId: spec.systemId,
    password: spec.password,
    systemType: spec.systemType,
    binds: spec.binds,
    window: spec.window,
    tps: spec.tps,
    submitIdFormat: spec.submitIdFormat,
    receiptIdFormat: spec.receiptIdFormat,
    ...context.smppTimings,
    onWarning: (message) => console.warn(`smpp connection ${spec.id}: ${message}`),
  });
}
