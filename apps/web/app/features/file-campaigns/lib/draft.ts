import type { TFileCampaignPreview } from "@sms/domain/contracts/campaigns";

/** What the file form keeps when the page is left before sending (D36). */
export interface FileCampaignDraft<Values, Schedule> {
  file: File;
  /** The server's first reading of the file (its columns, rows and tags). */
  reading: TFileCampaignPreview;
  columns: string[];
  values: Values;
  schedule: Schedule;
}

/** A draft as the browser stores it: whose it is and when it was last changed. */
interface StoredDraft extends FileCampaignDraft<unknown, unknown> {
  owner: string;
  savedAt: number;
}

/** A stored draft older than this is dropped instead of given back (the file holds customers' numbers). */
export const DRAFT_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const DB_NAME = "sms-portal-drafts";
const STORE = "file-campaign";
const KEY = "draft";

let kept: FileCampaignDraft<unknown, unknown> | null = null;

/** The drafts database, or null where the browser has none (private modes, tests without one). */
function openDb(): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    try {
      if (typeof indexedDB === "undefined") return resolve(null);
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

/** Runs one request on the store; a browser that refuses gives undefined, never an error. */
async function onStore<T>(
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | undefined> {
  const db = await openDb();
  if (!db) return undefined;
  return new Promise((resolve) => {
    try {
      const transaction = db.transaction(STORE, mode);
      const request = act(transaction.objectStore(STORE));
      transaction.oncomplete = () => {
        db.close();
        resolve(request.result);
      };
      transaction.onerror = transaction.onabort = () => {
        db.close();
        resolve(undefined);
      };
    } catch {
      db.close();
      resolve(undefined);
    }
  });
}

/**
 * The unsent file campaign (D36), given back when the person returns to /messages/files as the
 * contact import resumes: kept in this tab's memory while they look at something else (a template,
 * a group), and in the browser's IndexedDB (the File itself, never uploaded again until asked) so
 * that a reload or a new tab of the same account finds it too. Stored per account and
 * organization (`owner`), dropped after a day, on sending and on "start over".
 */
export const fileCampaignDraft = {
  save<V, S>(draft: FileCampaignDraft<V, S>): void {
    kept = draft as FileCampaignDraft<unknown, unknown>;
  },
  take<V, S>(): FileCampaignDraft<V, S> | null {
    return kept as FileCampaignDraft<V, S> | null;
  },
  clear(): void {
    kept = null;
    void onStore("readwrite", (store) => store.delete(KEY));
  },
  /** Stores the draft for `owner` in the browser (the last one wins). */
  async persist<V, S>(owner: string, draft: FileCampaignDraft<V, S>, now = Date.now()): Promise<void> {
    const stored: StoredDraft = { ...(draft as FileCampaignDraft<unknown, unknown>), owner, savedAt: now };
    await onStore("readwrite", (store) => store.put(stored, KEY));
  },
  /** `owner`'s stored draft, unless it is older than a day; another account's is never given. */
  async restore<V, S>(owner: string, now = Date.now()): Promise<FileCampaignDraft<V, S> | null> {
    const stored = (await onStore("readonly", (store) => store.get(KEY))) as StoredDraft | undefined;
    if (!stored || stored.owner !== owner) return null;
    if (now - stored.savedAt > DRAFT_MAX_AGE_MS || !(stored.file instanceof Blob)) {
      await onStore("readwrite", (store) => store.delete(KEY));
      return null;
    }
    const { owner: _owner, savedAt: _savedAt, ...draft } = stored;
    return draft as FileCampaignDraft<V, S>;
  },
};
