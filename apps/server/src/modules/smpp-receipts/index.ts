/**
 * The SMPP server's receipt outbox (ADR 103): the engine queues receipts with its CTE, the SMPP
 * server (modules/smpp-server) claims, sends and acknowledges them. The only door into this module.
 */
export { ackReceipts, claimReceipts, type OutboxReceipt, pruneOutbox, releaseReceipts } from "./outbox.ts";
export { queueSmppReceiptsCte } from "./queue-receipts-sql.ts";
