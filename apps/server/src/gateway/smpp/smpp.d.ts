// The smpp package (0.5.1) ships no types. Only what our wrapper and the local SMSC use.
declare module "smpp" {
  import type { EventEmitter } from "node:events";
  import type { Server as NetServer, Socket } from "node:net";

  /** A decoded PDU: header fields, mandatory parameters and TLVs by name. */
  export interface Pdu {
    command: string;
    command_id: number;
    command_status: number;
    sequence_number: number;
    command_length: number;
    [field: string]: unknown;
    isResponse(): boolean;
    response(options?: Record<string, unknown>): Pdu;
    toBuffer(): Buffer;
  }

  export class PDU implements Pdu {
    constructor(command: string, options?: Record<string, unknown>);
    constructor(buffer: Buffer);
    command: string;
    command_id: number;
    command_status: number;
    sequence_number: number;
    command_length: number;
    [field: string]: unknown;
    isResponse(): boolean;
    response(options?: Record<string, unknown>): Pdu;
    toBuffer(): Buffer;
  }

  export class Session extends EventEmitter {
    socket: Socket;
    /**
     * Writes the PDU; false when the socket is not writable (nothing was sent).
     * Throws synchronously when the PDU cannot be encoded.
     */
    send(pdu: Pdu, responseCallback?: (pdu: Pdu) => void, sendCallback?: (pdu: Pdu) => void): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
  }

  export interface ConnectOptions {
    host: string;
    port: number;
  }

  export function connect(options: ConnectOptions, listener?: () => void): Session;

  export class Server extends NetServer {
    sessions: Session[];
  }
  export function createServer(listener?: (session: Session) => void): Server;
  export function createServer(
    options: Record<string, unknown>,
    listener?: (session: Session) => void,
  ): Server;
}
