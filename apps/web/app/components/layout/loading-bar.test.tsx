import { act, render, renderHook, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18next } from "~/lib/i18n";
import { LOADING_BAR, LoadingBarView, useLoadingBarPhase } from "./loading-bar";

describe("loading bar", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("stays hidden for loads shorter than the 200 ms throttle", () => {
    const { result, rerender } = renderHook(({ loading }) => useLoadingBarPhase(loading), {
      initialProps: { loading: true },
    });
    act(() => vi.advanceTimersByTime(LOADING_BAR.throttleMs - 1));
    expect(result.current).toBe("idle");
    rerender({ loading: false });
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe("idle");
  });

  it("shows after 200 ms and hides 500 ms after the load ends", () => {
    const { result, rerender } = renderHook(({ loading }) => useLoadingBarPhase(loading), {
      initialProps: { loading: true },
    });
    act(() => vi.advanceTimersByTime(LOADING_BAR.throttleMs));
    expect(result.current).toBe("running");
    rerender({ loading: false });
    expect(result.current).toBe("finishing");
    act(() => vi.advanceTimersByTime(LOADING_BAR.hideAfterMs - 1));
    expect(result.current).toBe("finishing");
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe("idle");
  });

  it("is named in the page's language", async () => {
    const before = i18next.language;
    await act(async () => {
      await i18next.changeLanguage("th");
    });
    render(<LoadingBarView phase="running" />);
    expect(screen.getByRole("progressbar", { name: "กำลังโหลด…" })).toBeInTheDocument();
    await act(async () => {
      await i18next.changeLanguage("en");
    });
    expect(screen.getByRole("progressbar", { name: "Loading…" })).toBeInTheDocument();
    await act(async () => {
      await i18next.changeLanguage(before);
    });
  });

  it("shows inside a live region, so it is never page content outside the landmarks (axe region)", () => {
    render(<LoadingBarView phase="running" />);
    expect(screen.getByRole("progressbar").closest("[aria-live='polite']")).not.toBeNull();
  });

  it("animates over 5000 ms while running", () => {
    render(<LoadingBarView phase="running" />);
    const bar = screen.getByRole("progressbar").firstElementChild as HTMLElement;
    expect(bar.style.transition).toContain(`${LOADING_BAR.durationMs}ms`);
  });
});
