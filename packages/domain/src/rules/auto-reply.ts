import { isStopReply } from "./stop-reply.ts";

/**
 * Keyword auto-replies (issue 27 point 4, ADR 101). A reply matches a rule when its whole text is
 * the keyword: compared by this key (Unicode NFC, trimmed, inner runs of spaces as one, lower case),
 * so "Promo", " PROMO " and "promo" match one rule and Thai keywords match as typed. The engine
 * matches on the same key the rule was stored with.
 */
export function autoReplyKey(text: string): string {
  return text.normalize("NFC").trim().replace(/\s+/gu, " ").toLocaleLowerCase("en");
}

/** STOP and its Thai words stay built in (they suppress the number): no rule may take them. */
export function isReservedKeyword(keyword: string): boolean {
  return isStopReply(keyword);
}

/** The loop guard: auto-replies to one number within AUTO_REPLY_GUARD_MINUTES, at most. */
export const AUTO_REPLY_PER_NUMBER = 3;
export const AUTO_REPLY_GUARD_MINUTES = 60;
/** Rules per organization, at most. */
export const AUTO_REPLY_RULES_MAX = 100;
export const AUTO_REPLY_KEYWORD_MAX = 50;
export const AUTO_REPLY_TEXT_MAX = 1000;
/** The organization's daily budget of auto-replies when it set none, and the most it may set. */
export const AUTO_REPLY_DAILY_LIMIT_DEFAULT = 500;
export const AUTO_REPLY_DAILY_LIMIT_MAX = 100_000;
