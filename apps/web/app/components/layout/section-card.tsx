import type { HTMLAttributes, ReactNode } from "react";

export interface SectionCardProps extends Omit<HTMLAttributes<HTMLElement>, "title" | "aria-labelledby"> {
  /** The heading's id; the section is named by it. */
  headingId: string;
  title: ReactNode;
  intro?: ReactNode;
  /** Tighter spacing, for a card among others on a page (the API settings' cards, the import panel). */
  compact?: boolean;
  /** Added to the card's classes (a width, min-w-0). */
  className?: string;
  children: ReactNode;
}

/** A white card that is a named section of its page: an h2, an introduction under it, its content. */
export function SectionCard({
  headingId,
  title,
  intro,
  compact = false,
  className,
  children,
  ...rest
}: SectionCardProps) {
  const card = compact
    ? "space-y-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
    : "space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6";
  return (
    <section {...rest} aria-labelledby={headingId} className={className ? `${className} ${card}` : card}>
      <div className={compact ? undefined : "space-y-1"}>
        <h2 id={headingId} className="text-lg font-semibold text-gray-900">
          {title}
        </h2>
        {intro ? (
          <p className={compact ? "mt-1 text-sm text-gray-600" : "text-sm text-gray-600"}>{intro}</p>
        ) : null}
      </div>
      {children}
    </section>
  );
}
