import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * State for a message worded in the page's language at the moment it was set: a server's answer
 * shown above a form, a notice. When the visitor switches language the message is dropped rather
 * than left in the other language (field messages re-translate: see useServerErrors).
 */
export function useWordedMessage<T>(): [T | null, (value: T | null) => void] {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [state, setState] = useState<{ value: T; language: string } | null>(null);
  const set = useCallback(
    (value: T | null) => setState(value === null ? null : { value, language }),
    [language],
  );
  // Dropped for good (React's state-from-render pattern), so switching back does not revive it.
  if (state && state.language !== language) setState(null);
  return [state && state.language === language ? state.value : null, set];
}
