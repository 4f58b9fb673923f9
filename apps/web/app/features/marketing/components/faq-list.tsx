import { ChevronDown } from "./icons";

export interface FaqItem {
  q: string;
  a: string[];
}

/**
 * Accessible accordion from native disclosures: each question is a button-like summary that
 * keyboards and screen readers already know (expanded/collapsed), with no script needed.
 */
export function FaqList({ items, idPrefix }: { items: FaqItem[]; idPrefix: string }) {
  return (
    <div className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
      {items.map((item, i) => (
        <details key={item.q} id={`${idPrefix}-${i + 1}`} className="group">
          <summary className="flex cursor-pointer list-none items-start justify-between gap-4 px-5 py-4 text-left font-semibold text-gray-950 hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-700 [&::-webkit-details-marker]:hidden">
            <span>{item.q}</span>
            <ChevronDown className="mt-1 size-5 shrink-0 text-primary-700 transition-transform group-open:rotate-180" />
          </summary>
          <div className="space-y-2 px-5 pb-5 leading-7 text-gray-800">
            {item.a.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}
