import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { SpaFallbackContext, useHydrate } from "./spa-fallback";

const STATIC = [{ handle: undefined }, { handle: { hydrate: false } }];
const APP = [{ handle: undefined }, { handle: { title: "x" } }];

function hydrates(matches: readonly { handle?: unknown }[], spaFallback?: boolean) {
  const wrapper =
    spaFallback === undefined
      ? undefined
      : ({ children }: { children: ReactNode }) => (
          <SpaFallbackContext value={spaFallback}>{children}</SpaFallbackContext>
        );
  return renderHook(() => useHydrate(matches), { wrapper }).result.current;
}

describe("useHydrate", () => {
  it("drops React's scripts from a prerendered page whose route says hydrate: false", () => {
    expect(hydrates(STATIC, false)).toBe(false);
    expect(hydrates(APP, false)).toBe(true);
  });

  it("keeps them in the SPA fallback, which is rendered at the home page's address", () => {
    expect(hydrates(STATIC, true)).toBe(true);
  });

  it("keeps them in the browser, where only a page that hydrated runs (no provider)", () => {
    expect(hydrates(STATIC)).toBe(true);
  });
});
