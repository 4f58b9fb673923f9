const KEY = "chunk-reload-at";
export const CHUNK_RELOAD_GUARD_MS = 60_000;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? "");
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * After a deploy, old chunk names disappear; reloading picks up the new build. The stored
 * timestamp stops a reload loop: at most one reload per minute (spec §4, §9).
 */
export function reloadForChunkError(
  now = Date.now(),
  storage: Pick<Storage, "getItem" | "setItem"> = window.localStorage,
  reload: () => void = () => window.location.reload(),
): boolean {
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}

let installed = false;
export function installChunkReloadGuard(): void {
  if (installed) return;
  installed = true;
  window.addEventListener("vite:preloadError", (event) => {
    if (reloadForChunkError()) event.preventDefault();
  });
}
