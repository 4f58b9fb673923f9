export interface CaretEdit {
  value: string;
  /** Where the caret goes afterwards: just after the inserted text. */
  caret: number;
}

/**
 * `text` put where the caret is in `value`, replacing the selection (start…end) if there is one,
 * as typing would. Positions out of range are clamped; null when the result would pass `maxLength`
 * (the textarea's limit), so the caller can refuse instead of cutting the user's text.
 */
export function insertAtCaret(
  value: string,
  start: number,
  end: number,
  text: string,
  maxLength = Number.POSITIVE_INFINITY,
): CaretEdit | null {
  const from = Math.min(Math.max(0, Math.min(start, end)), value.length);
  const to = Math.min(Math.max(from, Math.max(start, end)), value.length);
  const next = value.slice(0, from) + text + value.slice(to);
  if (next.length > maxLength) return null;
  return { value: next, caret: from + text.length };
}
