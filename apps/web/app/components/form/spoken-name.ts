/**
 * The aria-label of a control that shows a short label ("Edit") but must say more to a screen
 * reader ("Edit template Promo"): the name must start with the visible words as a word of their
 * own (WCAG 2.5.3 Label in Name; axe's label-content-name-mismatch, serious), so that speech input
 * ("click Edit") finds it. Thai writes no space between words, so "แก้ไขเทมเพลต Promo" did not
 * contain the word "แก้ไข" for a checker: the visible words are followed by a space. When `full`
 * does not start with the visible words, it follows them in brackets.
 */
export function spokenName(visible: string, full: string): string {
  if (!full.startsWith(visible)) return `${visible} (${full})`;
  const rest = full.slice(visible.length);
  // Already a word of its own: a space or a punctuation mark follows it ("Mark answered: …").
  if (rest === "" || /^[\s:;,.)]/.test(rest)) return full;
  return `${visible} ${rest}`;
}
