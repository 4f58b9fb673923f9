import type { Readable } from "node:stream";

/**
 * Where uploaded files live (DESIGN §8): outside the web root, behind this interface, so the
 * local disk (default) and an S3-compatible bucket are interchangeable.
 */
export interface ObjectStorage {
  /** Writes the whole stream; the object exists only once every byte is stored (no partial objects). */
  put(key: string, body: Readable): Promise<void>;
  /** The object's bytes, or null when there is no such object. */
  get(key: string): Promise<Readable | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

// Segments start with a letter or digit, so "." and ".." (and hidden names) can never appear.
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}){0,7}$/;

/** Keys are chosen by the server; anything else is a programming error, refused before any I/O. */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}
