import { readFile, stat } from "node:fs/promises";
import { extname, join } from "node:path";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * The built web app's files, served from memory (ADR 125). A page load asks for its HTML and 30 to
 * 60 script and style files; through a file stream each cost the server a stat, an open, reads, a
 * close and several socket writes (a third of the journeys' server CPU, measured). Here a file is
 * read once and answered with one buffer:
 * - `assets/` holds content-hashed names, so a file read there is never looked at on disk again;
 * - any other file (a page, the favicon, a `.data` file) is checked with one stat per request and
 *   read again when its size or modification time changed, so a rebuild while the server runs is
 *   served at once.
 * The memory is bounded: files over `maxFileBytes`, and files once `maxBytes` are held, are read
 * from disk for each request (still one buffer, not a stream).
 */

export interface StaticFile {
  body: Buffer;
  type: string;
  etag: string;
  lastModified: string;
}

/** The content types of what a build holds; anything else is a download. */
const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  // React Router's prerendered loader data (turbo-stream), as its own server types it.
  ".data": "text/x-script",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".pdf": "application/pdf",
  ".map": "application/json; charset=utf-8",
};

export const contentType = (file: string) => TYPES[extname(file).toLowerCase()] ?? "application/octet-stream";

/** Whether `rel` (relative to the build's root, with `/` or the platform separator) is a content-hashed asset. */
export const isImmutableAsset = (rel: string) => /^assets[\\/]/.test(rel);

export class StaticFiles {
  readonly #root: string;
  readonly #maxBytes: number;
  readonly #maxFileBytes: number;
  readonly #held = new Map<string, { stamp: string; file: StaticFile }>();
  #heldBytes = 0;

  constructor(root: string, { maxBytes = 64 * 1024 * 1024, maxFileBytes = 8 * 1024 * 1024 } = {}) {
    this.#root = root;
    this.#maxBytes = maxBytes;
    this.#maxFileBytes = maxFileBytes;
  }

  /** Bytes held in memory (for tests and the budget). */
  get heldBytes(): number {
    return this.#heldBytes;
  }

  /**
   * The regular file at `rel`, which the caller has already confined to the root (normalized,
   * no `..`), or null when there is none.
   */
  async get(rel: string): Promise<StaticFile | null> {
    const held = this.#held.get(rel);
    if (held && isImmutableAsset(rel)) return held.file;
    const abs = join(this.#root, rel);
    const info = await stat(abs).catch(() => null);
    if (!info?.isFile()) {
      if (held) this.#forget(rel);
      return null;
    }
    const stamp = `${info.size}:${info.mtimeMs}`;
    if (held?.stamp === stamp) return held.file;
    const body = await readFile(abs).catch(() => null);
    if (!body) return null;
    const file: StaticFile = {
      body,
      type: contentType(rel),
      etag: `W/"${body.length.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      lastModified: info.mtime.toUTCString(),
    };
    if (held) this.#forget(rel);
    if (body.length <= this.#maxFileBytes && this.#heldBytes + body.length <= this.#maxBytes) {
      this.#held.set(rel, { stamp, file });
      this.#heldBytes += body.length;
    }
    return file;
  }

  #forget(rel: string) {
    const held = this.#held.get(rel);
    if (!held) return;
    this.#held.delete(rel);
    this.#heldBytes -= held.file.body.length;
  }
}

/**
 * Answers with `file`: 304 when the browser's copy is current (its ETag, or else its date), else
 * the whole body. Ranges are not offered (no `accept-ranges`): a build holds no media. An answer
 * with another status than 200 (a page sent as the 404) is always whole.
 */
export function sendStaticFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile) {
  reply.header("etag", file.etag).header("last-modified", file.lastModified);
  if (reply.statusCode !== 200) return reply.type(file.type).send(file.body);
  const ifNoneMatch = request.headers["if-none-match"];
  const ifModifiedSince = request.headers["if-modified-since"];
  const current =
    ifNoneMatch !== undefined
      ? ifNoneMatch
          .split(",")
          .map((tag) => tag.trim().replace(/^W\//, ""))
          .some((tag) => tag === "*" || tag === file.etag.slice(2))
      : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= Date.parse(file.lastModified);
  if (current) return reply.status(304).send();
  return reply.type(file.type).send(file.body);
}
