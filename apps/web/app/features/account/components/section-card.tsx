import type { ReactNode } from "react";

export function SectionCard({
  title,
  description,
  children,
  testId,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="rounded-lg border border-gray-200 bg-white p-4 shadow-xs sm:p-6" data-testid={testId}>
      <h2 className="text-lg font-semibold text-gray-900">{title}</h2>
      {description ? <p className="mt-1 text-sm text-gray-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
