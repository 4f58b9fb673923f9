import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
}

/**
 * WAI-ARIA tabs: one tab stop for the tab list (roving tabindex), Left/Right arrows move and
 * select (wrapping), Home/End go to the ends; the tab list scrolls sideways on a narrow screen
 * instead of widening the page.
 */
export function Tabs({
  label,
  items,
  testId,
}: {
  label: string;
  items: readonly TabItem[];
  testId?: string;
}) {
  const base = useId();
  const [selected, setSelected] = useState(items[0]?.id);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const current = items.find((item) => item.id === selected) ?? items[0];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.id === current?.id);
    const last = items.length - 1;
    const next =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const item = items[next];
    if (!item) return;
    setSelected(item.id);
    buttons.current.get(item.id)?.focus();
  };

  return (
    <div className="min-w-0" data-testid={testId}>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex max-w-full gap-1 overflow-x-auto border-b border-gray-200"
      >
        {items.map((item) => {
          const active = item.id === current?.id;
          return (
            <button
              key={item.id}
              ref={(node) => {
                if (node) buttons.current.set(item.id, node);
                else buttons.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${item.id}`}
              aria-selected={active}
              aria-controls={`${base}-panel-${item.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => setSelected(item.id)}
              className={`-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary-700 ${
                active
                  ? "border-primary-700 text-primary-800"
                  : "border-transparent text-gray-600 hover:text-gray-900"
              }`}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${base}-panel-${item.id}`}
          aria-labelledby={`${base}-tab-${item.id}`}
          hidden={item.id !== current?.id}
          className="min-w-0 pt-3"
        >
          {item.id === current?.id ? item.content : null}
        </div>
      ))}
    </div>
  );
}
