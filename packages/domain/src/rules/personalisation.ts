/**
 * Personalised messages (issue 12): a message is literal text and `{tag}` placeholders, and each
 * recipient gets the text with its own values. The message is split once into pieces, so a
 * campaign of a hundred thousand recipients fills them in one pass each (and the server can turn
 * the same pieces into one SQL expression for contacts it never loads).
 */

/** `{identifier}`: the placeholder syntax of template-tags.ts. */
const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;

export type MessagePiece = { text: string } | { tag: string };

/**
 * The message as pieces in order: `{name}` becomes a tag piece when `isTag(name)`, anything else
 * (unknown placeholders included) stays literal text. Adjacent text is merged, empty text dropped.
 */
export function splitMessage(message: string, isTag: (name: string) => boolean): MessagePiece[] {
  const pieces: MessagePiece[] = [];
  let text = "";
  let last = 0;
  for (const match of message.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? "";
    if (!isTag(name)) continue;
    text += message.slice(last, match.index);
    if (text) pieces.push({ text });
    text = "";
    pieces.push({ tag: name });
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

/** The text of one recipient: each tag piece replaced by `valueFor(tag)`. */
export function renderPieces(pieces: readonly MessagePiece[], valueFor: (tag: string) => string): string {
  let out = "";
  for (const piece of pieces) out += "tag" in piece ? valueFor(piece.tag) : piece.text;
  return out;
}
