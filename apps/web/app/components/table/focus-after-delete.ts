import { type RefObject, useEffect, useRef } from "react";

export interface FocusAfterDelete<T extends HTMLElement> {
  /** Spread on the list's element: its ref, and `tabIndex={-1}` so that it can take the focus. */
  target: { ref: RefObject<T | null>; tabIndex: -1 };
  /** To call when the server has deleted row `id` (or taken its button away). */
  done: (id: unknown) => void;
}

/**
 * After a confirmed delete, the list (the element `target` is spread on) takes the focus once the
 * dialog has closed and the row has left the list. The dialog gives the focus back to the row's
 * Delete button, which goes with its row: a keyboard or screen-reader user would be dropped to the
 * top of the page.
 *
 * Timed on React's commits, not on an animation frame: on a slow CPU the frame came before the dialog
 * had closed, its focus trap took the focus back, and the row's removal then left it on the body.
 * `ids` are the rows that still show the button: a row that stays but loses it (a cancelled
 * schedule) is left out of them.
 */
export function useFocusAfterDelete<T extends HTMLElement = HTMLDivElement>(
  dialogOpen: boolean,
  ids: readonly unknown[] | undefined,
): FocusAfterDelete<T> {
  const ref = useRef<T>(null);
  const pending = useRef<{ id: unknown } | null>(null);
  // After every commit: cheap, and whichever comes last (the dialog closing or the list's refetch)
  // is the one that moves the focus.
  useEffect(() => {
    const waiting = pending.current;
    if (!waiting || dialogOpen || ids === undefined || ids.includes(waiting.id)) return;
    pending.current = null;
    ref.current?.focus();
  });
  return {
    target: { ref, tabIndex: -1 },
    done: (id) => {
      pending.current = { id };
    },
  };
}
