import { z } from "zod";

/**
 * The one string primitive of every request contract (issue 23 point 2, ADR 0031). PostgreSQL
 * cannot store U+0000 in `text` (SQLSTATE 22021) or `jsonb` (22P05), and a lone UTF-16 surrogate
 * has no UTF-8 form: the drivers silently write U+FFFD instead, so the stored text is not what was
 * sent. Both are refused here, at the edge, with a translated 400, instead of a 500 from the
 * database (or, on the API's group commit, a failed batch). The message's texts stand in
 * rules/validation.ts, keyed by this constant, so the key exists there by construction.
 */
export const TEXT_UNSUPPORTED_CHARACTER = "validation.text_unsupported_character";

const SURROGATE = /[\uD800-\uDFFF]/;

/** No NUL and every surrogate paired (a loop, not a lookbehind regex: older Safari lacks it). */
export function isStorableText(value: string): boolean {
  if (value.includes("\u0000")) return false;
  // Most text has no surrogate at all (Thai and Latin are in the BMP): one regex test answers it.
  if (!SURROGATE.test(value)) return true;
  for (let i = 0; i < value.length; i += 1) {
    const unit = value.charCodeAt(i);
    if (unit >= 0xdc00 && unit <= 0xdfff) return false;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i += 1;
    }
  }
  return true;
}

/**
 * `z.string(params)` that refuses NUL and lone surrogates first, and then stops: later checks and
 * transforms of the field never see such a value, and the field gets this one message.
 */
export const text = (params?: Parameters<typeof z.string>[0]): z.ZodString =>
  z.string(params).refine(isStorableText, { error: TEXT_UNSUPPORTED_CHARACTER, abort: true });
