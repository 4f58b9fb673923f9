import { Fragment, type ReactNode } from "react";

/**
 * Thai compounds that Chromium's dictionary line breaker (ICU) splits into their parts, so a
 * narrow screen shows "ทุกเครือ / ข่าย" or "ราย / เดือน". Longer entries come first so that the
 * longest compound wins.
 */
export const KEEP_TOGETHER = [
  "ทุกเครือข่าย",
  "ข้อมูลส่วนบุคคล",
  "กรุงเทพมหานคร",
  "ผู้ใช้บริการ",
  "นักขัตฤกษ์",
  "เขตบางรัก",
  "แขวงสีลม",
  "ยืนยันตัวตน",
  "ผู้ให้บริการ",
  "ใบกำกับภาษี",
  "บัตรเครดิต",
  "ค่าใช้จ่าย",
  "เครือข่าย",
  "รหัสผ่าน",
  "รายเดือน",
  "แพ็กเกจ",
  "ทั่วไทย",
  "หลักฐาน",
  "รายชื่อ",
  "รูปแบบ",
  "ผู้ส่ง",
  "ผู้ใช้",
  "ตัวตน",
].sort((a, b) => b.length - a.length);

const PATTERN = new RegExp(`(${KEEP_TOGETHER.join("|")})`);

/** Splits text into plain runs and the compounds that must stay on one line (odd indexes). */
export function splitKeepTogether(text: string): string[] {
  return text.split(PATTERN);
}

/** Renders text with each listed Thai compound in a non-breaking group; other text wraps as usual. */
export function KeepWords({ children }: { children: string | undefined }): ReactNode {
  if (children === undefined) return null;
  const parts = splitKeepTogether(children);
  if (parts.length === 1) return children;
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string never reorder
      <span key={i} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: as above
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}
