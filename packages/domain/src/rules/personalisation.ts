/**
 * Personalised messages (issue 12): a message is literal text and `{tag}` placeholders, and each
 * recipient gets the text with its own values. The message is split once into pieces, so a
 * campaign of a hundred thousand recipients fills them in one pass each (and the server can turn
 * the same pieces into one SQL expression for contacts it never loads).
 *
 * A placeholder may carry a fallback after a bar, `{first_name|ลูกค้า}`: a recipient whose value is
 * empty gets the fallback instead of nothing (issue 24, D35), so "สวัสดีคุณ{first_name|ลูกค้า}" never
 * reads "สวัสดีคุณ ". Credits follow the text each recipient gets, fallback included.
 */

/**
 * `{identifier}` or `{identifier|fallback}`: the placeholder syntax of template-tags.ts. The
 * fallback is any text without braces or line breaks.
 */
export const PLACEHOLDER_PATTERN = /\{([A-Za-z][A-Za-z0-9_]*)(?:\|([^{}\r\n]*))?\}/g;

export type MessagePiece = { text: string } | { tag: string; fallback?: string };

/** A placeholder's fallback as written: trimmed, absent when empty. */
export function fallbackOf(raw: string | undefined): string | undefined {
  const value = raw?.trim() ?? "";
  return value === "" ? undefined : value;
}

/**
 * The message as pieces in order: `{name}` becomes a tag piece when `isTag(name)`, anything else
 * (unknown placeholders included) stays literal text. Adjacent text is merged, empty text dropped.
 */
export function splitMessage(message: string, isTag: (name: string) => boolean): MessagePiece[] {
  const pieces: MessagePiece[] = [];
  let text = "";
  let last = 0;
  for (const match of message.matchAll(PLACEHOLDER_PATTERN)) {
    const name = match[1] ?? "";
    if (!isTag(name)) continue;
    text += message.slice(last, match.index);
    if (text) pieces.push({ text });
    text = "";
    const fallback = fallbackOf(match[2]);
    pieces.push(fallback === undefined ? { tag: name } : { tag: name, fallback });
    last = match.index + match[0].length;
  }
  text += message.slice(last);
  if (text) pieces.push({ text });
  return pieces;
}

/** Whether any piece is a tag, i.e. recipients may get different texts. */
export function isPersonalised(pieces: readonly MessagePiece[]): boolean {
  return pieces.some((piece) => "tag" in piece);
}

/** The text of one recipient: each tag piece replaced by `valueFor(tag)`, or its fallback when that is empty. */
export function renderPieces(pieces: readonly MessagePiece[], valueFor: (tag: string) => string): string {
  let out = "";
  for (const piece of pieces) {
    if ("text" in piece) out += piece.text;
    else out += valueFor(piece.tag) || (piece.fallback ?? "");
  }
  return out;
}

/** Whether a recipient gets an empty value somewhere: a tag without a fallback whose value is empty. */
export function lacksValue(pieces: readonly MessagePiece[], valueFor: (tag: string) => string): boolean {
  return pieces.some((piece) => "tag" in piece && piece.fallback === undefined && valueFor(piece.tag) === "");
}
