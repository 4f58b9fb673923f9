import type { ReactNode } from "react";

/** A column's heading; `className` adds its alignment and spacing to the look's own. */
export interface PlainColumn {
  label: ReactNode;
  className?: string;
}

const LOOKS = {
  /** Reference tables (the API docs, a webhook's attempts): a grey uppercase head over ruled rows. */
  reference: {
    table: "min-w-full text-left text-sm",
    thead: "bg-gray-50 text-xs text-gray-600 uppercase",
    th: "px-3 py-2",
    tbody: "divide-y divide-gray-100",
  },
  /** A few figures inside a card or a section (a report's breakdown, an import's examples). */
  compact: { table: "w-full text-sm", thead: undefined, th: "py-1 font-medium", tbody: undefined },
} as const;

export interface PlainTableProps {
  look: keyof typeof LOOKS;
  columns: readonly PlainColumn[];
  /** The table's name, read by screen readers only unless `captionClassName` shows it. */
  caption?: ReactNode;
  captionClassName?: string;
  /** compact: a rule under the head (left out where every row draws its own above it). */
  headRule?: boolean;
  /** Added to the look's table classes. */
  className?: string;
  testId?: string;
  /** The body's rows. */
  children: ReactNode;
}

/**
 * A small fixed table (no sorting, no paging, no phone cards: DataTable is for lists): its caption,
 * its column headings and the caller's rows, in one of two looks.
 */
export function PlainTable({
  look,
  columns,
  caption,
  captionClassName = "sr-only",
  headRule = true,
  className,
  testId,
  children,
}: PlainTableProps) {
  const styles = LOOKS[look];
  const headRow =
    look === "compact" ? (headRule ? "border-b border-gray-200 text-gray-600" : "text-gray-600") : undefined;
  return (
    <table className={className ? `${styles.table} ${className}` : styles.table} data-testid={testId}>
      {caption ? <caption className={captionClassName}>{caption}</caption> : null}
      <thead className={styles.thead}>
        <tr className={headRow}>
          {columns.map((column, index) => (
            <th
              // biome-ignore lint/suspicious/noArrayIndexKey: the headings are fixed; their order is their identity.
              key={index}
              scope="col"
              className={column.className ? `${styles.th} ${column.className}` : styles.th}
            >
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={styles.tbody}>{children}</tbody>
    </table>
  );
}

/**
 * A region that scrolls sideways (a wide table on a phone), named by `label`: it takes the focus so
 * a keyboard can scroll it (axe scrollable-region-focusable).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard to scroll it (axe scrollable-region-focusable).
      tabIndex={0}
      className="max-w-full overflow-x-auto rounded-md border border-gray-200 focus-visible:outline-2 focus-visible:outline-primary-700"
    >
      {children}
    </section>
  );
}
