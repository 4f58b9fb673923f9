export interface LocalisedLabel {
  th: string;
  en: string;
}

/** Message statuses shown in reports; a delivery entry's kind is one of them. */
export type MessageStatus = "processing" | "sent" | "ack" | "reply" | "delivered" | "failed" | "pending";

export const MESSAGE_STATUS_LABELS = {
  processing: { th: "กำลังดำเนินการ", en: "Processing" },
  sent: { th: "ส่งแล้ว", en: "Sent" },
  ack: { th: "เครือข่ายรับแล้ว", en: "Acknowledged" },
  reply: { th: "ตอบกลับ", en: "Reply" },
  delivered: { th: "ส่งถึงผู้รับแล้ว", en: "Delivered" },
  failed: { th: "ส่งไม่สำเร็จ", en: "Failed" },
  pending: { th: "กำลังตรวจสอบสถานะ", en: "Checking status" },
} as const satisfies Record<MessageStatus, LocalisedLabel>;

export type StatusColour = "yellow" | "blue" | "green" | "red" | "gray";

/**
 * The spec fixes queued (= processing) yellow, sent blue and delivered green. The rest follow the
 * same traffic-light reading: ack is a network-side "sent" (blue), a reply proves delivery (green),
 * failure is red, and an unknown pair is neutral gray because nothing is known yet.
 */
export const STATUS_COLOURS = {
  processing: "yellow",
  sent: "blue",
  ack: "blue",
  reply: "green",
  delivered: "green",
  failed: "red",
  pending: "gray",
} as const satisfies Record<MessageStatus, StatusColour>;

export type DeliveryStatusKind = Extract<MessageStatus, "processing" | "delivered" | "failed" | "pending">;

export interface DeliveryStatus {
  /** Null only for the pending fallback, which stands for every unknown pair. */
  state: number | null;
  /** Gateway code; null where the state alone decides (state 0) and for the pending fallback. */
  code: string | null;
  /** Stable i18n key. */
  key: string;
  kind: DeliveryStatusKind;
  /** The number opted out of marketing: it goes on the organization's suppression list. */
  blocksMarketing: boolean;
  label: LocalisedLabel;
}

type Row = readonly [state: number, code: string | null, kind: DeliveryStatusKind, en: string, th: string];

const NETWORK_ERROR = ["Network connection error", "การเชื่อมต่อเครือข่ายขัดข้อง"] as const;
const DESTINATION_NOT_FOUND = ["Destination number not found", "ไม่พบหมายเลขปลายทาง"] as const;
const BLOCKS_MARKETING = ["Number blocks marketing messages", "หมายเลขปลายทางปฏิเสธการรับข้อความโฆษณา"] as const;

/** Spec §4, verbatim. */
const ROWS: readonly Row[] = [
  [0, null, "processing", "Processing", "กำลังดำเนินการ"],
  [1, "000", "processing", "Processing", "กำลังดำเนินการ"],
  [1, "001", "failed", "Content type is not XML", "ประเภทเนื้อหาไม่ใช่ XML"],
  [1, "002", "failed", "Malformed XML", "รูปแบบ XML ไม่ถูกต้อง"],
  [1, "003", "failed", ...NETWORK_ERROR],
  [1, "004", "failed", "Transactions exceeded", "จำนวนรายการเกินกำหนด"],
  [1, "005", "failed", ...DESTINATION_NOT_FOUND],
  [1, "006", "failed", "Sender ID not allowed", "ชื่อผู้ส่งนี้ไม่ได้รับอนุญาต"],
  [1, "010", "failed", "Service ID not found", "ไม่พบรหัสบริการ"],
  [1, "503", "failed", "SMS quota exceeded", "โควตา SMS เกินกำหนด"],
  [2, "001", "failed", ...NETWORK_ERROR],
  [2, "005", "failed", ...DESTINATION_NOT_FOUND],
  [2, "100", "failed", ...BLOCKS_MARKETING],
  [3, "000", "delivered", "Delivered", "ส่งถึงผู้รับแล้ว"],
  [3, "001", "failed", "Delivery to phone failed", "ส่งถึงเครื่องผู้รับไม่สำเร็จ"],
  [3, "100", "failed", ...BLOCKS_MARKETING],
  [3, "200", "failed", "Memory full or message expired", "หน่วยความจำเครื่องเต็มหรือข้อความหมดอายุ"],
  [3, "201", "failed", "Device does not support SMS", "เครื่องปลายทางไม่รองรับ SMS"],
  [3, "300", "failed", "Subscriber unreachable", "ไม่สามารถติดต่อผู้รับได้"],
  [3, "301", "failed", ...DESTINATION_NOT_FOUND],
  [3, "302", "failed", "Destination number suspended", "หมายเลขปลายทางถูกระงับการใช้งาน"],
  [3, "303", "failed", "Mobile switched off", "โทรศัพท์ปลายทางปิดเครื่อง"],
  [3, "304", "failed", "Undefined subscriber", "ไม่พบข้อมูลผู้ใช้บริการปลายทาง"],
  [3, "305", "failed", ...BLOCKS_MARKETING],
];

const MARKETING_BLOCK_KEYS = new Set(["delivery.2.100", "delivery.3.100", "delivery.3.305"]);

function deliveryKey(state: number, code: string | null): string {
  return code === null ? `delivery.${state}` : `delivery.${state}.${code}`;
}

export const DELIVERY_STATUS_CATALOGUE: readonly DeliveryStatus[] = ROWS.map(
  ([state, code, kind, en, th]) => {
    const key = deliveryKey(state, code);
    return { state, code, key, kind, blocksMarketing: MARKETING_BLOCK_KEYS.has(key), label: { th, en } };
  },
);

export const PENDING_DELIVERY_STATUS: DeliveryStatus = {
  state: null,
  code: null,
  key: "delivery.pending",
  kind: "pending",
  blocksMarketing: false,
  label: MESSAGE_STATUS_LABELS.pending,
};

const BY_KEY = new Map(DELIVERY_STATUS_CATALOGUE.map((entry) => [entry.key, entry]));

/**
 * Maps a message's (state, gateway code) to its catalogue entry. State 0 means processing whatever
 * the code; codes match exactly as the gateway sends them ("005", not "5"). Every other pair is
 * "checking status" rather than an error, since gateways add codes without notice.
 */
export function resolveDeliveryStatus(state: number, code: string | null): DeliveryStatus {
  return BY_KEY.get(deliveryKey(state, state === 0 ? null : code)) ?? PENDING_DELIVERY_STATUS;
}

export function deliveryStatusColour(entry: DeliveryStatus): StatusColour {
  return STATUS_COLOURS[entry.kind];
}

/** Refunds count only failures: processing and pending messages may still be delivered (the network retries for 12-24 h). */
export function isFinallyUndelivered(entry: DeliveryStatus): boolean {
  return entry.kind === "failed";
}

export function isMarketingBlock(entry: DeliveryStatus): boolean {
  return entry.blocksMarketing;
}
