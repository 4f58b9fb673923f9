/**
 * Replies that opt a number out of marketing: STOP and its usual English variants, and the Thai
 * words people send (ยกเลิก "cancel", หยุด "stop", ไม่รับ "don't want"). The whole reply must be
 * the keyword (case, spaces and punctuation ignored), so a sentence that merely contains it is kept
 * as a reply and does not silently unsubscribe anyone.
 */
const STOP_WORDS = new Set([
  "stop",
  "stopall",
  "unsubscribe",
  "unsub",
  "cancel",
  "end",
  "quit",
  "optout",
  "ยกเลิก",
  "หยุด",
  "หยุดส่ง",
  "ไม่รับ",
  "ไม่รับข้อความ",
  "เลิกรับ",
  "ยกเลิกรับข่าวสาร",
]);

export function isStopReply(text: string): boolean {
  const word = text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, "");
  return STOP_WORDS.has(word);
}
