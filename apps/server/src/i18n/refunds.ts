import type { Catalog } from "./catalog.ts";

/** Credit refunds (issue 13 point 6, spec §4 "Campaign refund"). */
export const refunds = {
  "refunds.too_early": {
    th: "ยังขอคืนเครดิตไม่ได้ ขอคืนได้หลังส่งครบ 24 ชั่วโมง ตั้งแต่ {{opens}} เป็นต้นไป",
    en: "It is too early to claim a refund: refunds open 24 hours after sending, from {{opens}}.",
  },
  "refunds.window_closed": {
    th: "หมดเวลาขอคืนเครดิตแล้ว ขอคืนได้ภายใน 30 วันหลังส่ง (สิ้นสุด {{closed}})",
    en: "The refund period is over: refunds can be claimed within 30 days of sending (it ended {{closed}}).",
  },
  "refunds.already_refunded": {
    th: "การส่งนี้ได้รับคืนเครดิตแล้ว {{credits}} เครดิต เมื่อ {{at}} ขอคืนได้เพียงครั้งเดียว",
    en: "This send was already refunded ({{credits}} credits on {{at}}). A send is refunded only once.",
  },
  "refunds.already_refunded_now": {
    th: "การส่งนี้เพิ่งได้รับคืนเครดิตไปแล้ว ขอคืนได้เพียงครั้งเดียว",
    en: "This send has just been refunded. A send is refunded only once.",
  },
  "refunds.still_checking": {
    th: "ยังขอคืนเครดิตไม่ได้ ระบบยังตรวจสอบสถานะข้อความอยู่ {{count}} ข้อความ (ไม่เกิน 24 ชั่วโมง) กรุณาขอคืนเมื่อตรวจสอบเสร็จ เพื่อให้ได้เครดิตของข้อความเหล่านี้คืนด้วยหากส่งไม่สำเร็จ",
    en: "A refund cannot be claimed yet: {{count}} messages are still checking status (at most 24 hours). Claim it once they are settled, so their credits come back too if they fail.",
  },
  "refunds.nothing_to_refund": {
    th: "ไม่มีเครดิตให้คืน: ไม่มีข้อความที่ส่งไม่สำเร็จในการส่งนี้",
    en: "There is nothing to refund: no message of this send failed.",
  },
  "refunds.message_in_campaign": {
    th: 'ข้อความนี้อยู่ในแคมเปญ "{{campaign}}" กรุณาขอคืนเครดิตทั้งแคมเปญ (หมายเลข {{id}})',
    en: 'This message belongs to the campaign "{{campaign}}". Please claim the refund for the whole campaign (number {{id}}).',
  },
  "refunds.test_now_invalid": {
    th: "X-Test-Now ต้องเป็นวันเวลาในรูปแบบ ISO",
    en: "X-Test-Now must be an ISO date-time.",
  },
  "ledger.refund": { th: "คืนเครดิตข้อความที่ส่งไม่สำเร็จ", en: "Refund of undelivered messages" },
} satisfies Catalog;
