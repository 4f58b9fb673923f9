import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";

/** Spec §9: appears only after 200 ms of loading, fills over 5000 ms, hides 500 ms after the end. */
export const LOADING_BAR = { throttleMs: 200, durationMs: 5000, hideAfterMs: 500 } as const;

export type LoadingBarPhase = "idle" | "running" | "finishing";

export function useLoadingBarPhase(loading: boolean): LoadingBarPhase {
  const [phase, setPhase] = useState<LoadingBarPhase>("idle");
  const phaseRef = useRef(phase);
  phaseRef.current = phase;
  // Read when the throttle ends: on a slow phone the load may have ended (and been rendered) before
  // its effect's cleanup cleared this timer; showing the bar then left it running for good.
  const loadingRef = useRef(loading);
  loadingRef.current = loading;
  useEffect(() => {
    if (loading) {
      const show = setTimeout(() => {
        if (loadingRef.current) setPhase("running");
      }, LOADING_BAR.throttleMs);
      return () => clearTimeout(show);
    }
    if (phaseRef.current !== "running") return;
    setPhase("finishing");
    const hide = setTimeout(() => setPhase("idle"), LOADING_BAR.hideAfterMs);
    return () => clearTimeout(hide);
  }, [loading]);
  return phase;
}

/**
 * The bar lies in a polite live region that is always there: it sits above every landmark (fixed at
 * the top of the window), and a live region is a region of its own, so axe's moderate `region` rule
 * no longer finds page content outside the landmarks while it shows (ADR 60).
 */
export function LoadingBarView({ phase }: { phase: LoadingBarPhase }) {
  // Named in the page's language: a Thai screen reader announced the English word "loading".
  const { t } = useTranslation("common");
  return (
    <div aria-live="polite" data-testid="loading-bar-region">
      {phase === "idle" ? null : (
        <div
          role="progressbar"
          aria-label={t("loading")}
          aria-busy={phase === "running"}
          className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden"
        >
          <div
            className="h-full bg-secondary-500"
            style={{
              width: phase === "running" ? "90%" : "100%",
              transition:
                phase === "running"
                  ? `width ${LOADING_BAR.durationMs}ms ease-out`
                  : `width 150ms ease-in, opacity ${LOADING_BAR.hideAfterMs}ms`,
              opacity: phase === "finishing" ? 0 : 1,
            }}
          />
        </div>
      )}
    </div>
  );
}

export function LoadingBar({ busy = false }: { busy?: boolean }) {
  const navigation = useNavigation();
  const phase = useLoadingBarPhase(busy || navigation.state !== "idle");
  return <LoadingBarView phase={phase} />;
}
