import { Readable } from "node:stream";
import type { TaskPort } from "./worker-pool.ts";

/**
 * A stored file read by a heavy-work task through its caller (ADR 30). Storage may be local or S3,
 * and only the main thread holds its client, so the task pulls the bytes: `open` starts a stream
 * from storage, each `read` answers its next piece (copied, so the worker owns it), `close` ends
 * it. One piece at a time is in flight, so neither side holds more than a piece of the file.
 */
export type FileRequest =
  | { file: "open" }
  | { file: "read"; handle: number }
  | { file: "close"; handle: number };

export const isFileRequest = (event: unknown): event is FileRequest =>
  typeof event === "object" && event !== null && "file" in event;

/** Bytes per answered read: fewer round trips than one per 64 KB stream chunk, still small. */
const PIECE_BYTES = 256 * 1024;

/** The caller's side: answers a task's file requests from `open()` (a storage read). */
export class FileServer {
  readonly #open: () => Promise<Readable>;
  readonly #streams = new Map<number, { stream: Readable; chunks: AsyncIterator<Buffer> }>();
  #next = 0;

  constructor(open: () => Promise<Readable>) {
    this.#open = open;
  }

  async handle(request: FileRequest): Promise<number | Uint8Array | null> {
    if (request.file === "open") {
      const stream = await this.#open();
      const handle = this.#next++;
      this.#streams.set(handle, { stream, chunks: stream[Symbol.asyncIterator]() });
      return handle;
    }
    const open = this.#streams.get(request.handle);
    if (request.file === "close" || !open) {
      this.#end(request.handle);
      return null;
    }
    const pieces: Buffer[] = [];
    let bytes = 0;
    while (bytes < PIECE_BYTES) {
      const step = await open.chunks.next();
      if (step.done) break;
      const chunk = Buffer.isBuffer(step.value) ? step.value : Buffer.from(step.value);
      pieces.push(chunk);
      bytes += chunk.length;
    }
    if (bytes === 0) {
      this.#end(request.handle);
      return null;
    }
    // A fresh buffer of exactly these bytes: a stream's chunk may be a view of a larger pooled one,
    // which structured cloning would copy whole.
    return new Uint8Array(Buffer.concat(pieces, bytes));
  }

  #end(handle: number) {
    this.#streams.get(handle)?.stream.destroy();
    this.#streams.delete(handle);
  }

  /** Ends every stream the task left open (it finished, failed or crashed). */
  close() {
    for (const handle of [...this.#streams.keys()]) this.#end(handle);
  }
}

/** The task's side: the caller's file as a Readable; each call reads it from the start. */
export async function openCallerFile(port: TaskPort): Promise<Readable> {
  const handle = await port.request<number>({ file: "open" } satisfies FileRequest);
  let closed = false;
  const close = () => {
    if (closed) return Promise.resolve();
    closed = true;
    return port.request({ file: "close", handle } satisfies FileRequest);
  };
  return new Readable({
    read() {
      port.request<Uint8Array | null>({ file: "read", handle } satisfies FileRequest).then(
        (piece) => {
          if (piece === null) closed = true;
          this.push(piece ? Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength) : null);
        },
        (error: unknown) => this.destroy(error as Error),
      );
    },
    destroy(error, callback) {
      close().then(
        () => callback(error),
        () => callback(error),
      );
    },
  });
}
