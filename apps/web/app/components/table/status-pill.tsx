import type { ReactNode } from "react";

/**
 * A row's state as a coloured pill (a send, a schedule, an OTP request, a sender, a message): one
 * look for all of them. `tone` is the pill's background and text colour classes; `status` is the
 * machine value, kept in `data-status` for tests and styles.
 */
export function StatusPill({
  tone,
  status,
  testId,
  children,
}: {
  tone: string;
  status: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-block w-fit rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`}
      data-testid={testId}
      data-status={status}
    >
      {children}
    </span>
  );
}
