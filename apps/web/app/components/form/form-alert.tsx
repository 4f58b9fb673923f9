import { type ReactNode, useEffect, useRef } from "react";

const TONES = {
  error: "border-red-200 bg-red-50 text-red-800",
  info: "border-sky-200 bg-sky-50 text-sky-900",
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
} as const;

/**
 * An error that appears out of sight (the top of a long form, while the user pressed its button at
 * the bottom of a phone's screen) is brought into view, so the answer shows where the user looks
 * (review D68). One already in view stays put.
 */
function useRevealWhenShown(enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof element.scrollIntoView !== "function") return;
    const { top, bottom } = element.getBoundingClientRect();
    if (top >= 0 && bottom <= window.innerHeight) return;
    const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    element.scrollIntoView({ block: "center", behavior: reduced ? "auto" : "smooth" });
  }, [enabled]);
  return ref;
}

/** A message above or inside a form; errors are announced at once (and scrolled into view), the rest politely. */
export function FormAlert({
  tone = "error",
  children,
  className = "",
  testId,
}: {
  tone?: keyof typeof TONES;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const shown = Boolean(children);
  const ref = useRevealWhenShown(shown && tone === "error");
  if (!shown) return null;
  return (
    <div
      ref={ref}
      role={tone === "error" ? "alert" : "status"}
      data-testid={testId}
      className={`rounded-md border px-3 py-2 text-sm ${TONES[tone]} ${className}`}
    >
      {children}
    </div>
  );
}
