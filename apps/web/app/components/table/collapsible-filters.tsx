import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/form";
import { useIsPhone } from "~/lib/use-media-query";

export interface CollapsibleFiltersProps {
  /** How many filters are applied now; the folded toggle says so. */
  activeCount: number;
  /** Controlled open state (e.g. to fold after applying); internal when left out. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
}

function FilterIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
      <path d="M3 4.5A1.5 1.5 0 0 1 4.5 3h11A1.5 1.5 0 0 1 17 4.5v1.1a1.5 1.5 0 0 1-.44 1.06L12 11.2V16a1 1 0 0 1-1.45.9l-2-1A1 1 0 0 1 8 15v-3.8L3.44 6.66A1.5 1.5 0 0 1 3 5.6z" />
    </svg>
  );
}

/**
 * A list's filters, folded behind a "Filters (n)" toggle on a phone so the first screen shows the
 * list, and always open on a wider screen (ADR 38). The filters stay mounted while folded: what was
 * typed and not yet applied is kept.
 */
export function CollapsibleFilters({
  activeCount,
  open: openProp,
  onOpenChange,
  children,
}: CollapsibleFiltersProps) {
  const { t } = useTranslation("ui");
  const phone = useIsPhone();
  const panelId = useId();
  const [openState, setOpenState] = useState(false);
  const open = openProp ?? openState;
  const setOpen = (next: boolean) => {
    setOpenState(next);
    onOpenChange?.(next);
  };
  return (
    <div className={phone ? "space-y-3" : undefined}>
      {phone ? (
        <Button
          variant={activeCount > 0 ? "light-primary" : "light-gray"}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          className="whitespace-nowrap"
          data-testid="filters-toggle"
        >
          <FilterIcon />
          {activeCount > 0 ? t("filters.toggleCount", { count: activeCount }) : t("filters.toggle")}
          <span aria-hidden="true" className={`transition-transform ${open ? "rotate-90" : ""}`}>
            ›
          </span>
        </Button>
      ) : null}
      <div id={panelId} hidden={phone && !open}>
        {children}
      </div>
    </div>
  );
}
