/** Longest first, last or contact name. */
export const PERSON_NAME_MAX_LENGTH = 100;

/**
 * `<` and `>` have no place in a person's name and are how markup starts; refusing them keeps a
 * name safe in e-mails, exports and any page that forgets to escape it.
 */
const MARKUP = /[<>]/;

export function hasMarkup(value: string): boolean {
  return MARKUP.test(value);
}
