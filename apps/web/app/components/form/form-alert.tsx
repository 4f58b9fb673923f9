import type { ReactNode } from "react";

const TONES = {
  error: "border-red-200 bg-red-50 text-red-800",
  info: "border-sky-200 bg-sky-50 text-sky-900",
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
} as const;

/** A message above or inside a form; errors are announced at once, the rest politely. */
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
  if (!children) return null;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      data-testid={testId}
      className={`rounded-md border px-3 py-2 text-sm ${TONES[tone]} ${className}`}
    >
      {children}
    </div>
  );
}
