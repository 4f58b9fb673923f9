import { describe, expect, it, vi } from "vitest";
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, reloadForChunkError } from "./chunk-reload";

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

describe("chunk reload guard", () => {
  it("recognises chunk load failures only", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error("boom"))).toBe(false);
  });

  it("reloads at most once per 60 seconds", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const t0 = 1_000_000;
    expect(reloadForChunkError(t0, storage, reload)).toBe(true);
    expect(reloadForChunkError(t0 + 1_000, storage, reload)).toBe(false);
    expect(reloadForChunkError(t0 + CHUNK_RELOAD_GUARD_MS - 1, storage, reload)).toBe(false);
    expect(reloadForChunkError(t0 + CHUNK_RELOAD_GUARD_MS, storage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
