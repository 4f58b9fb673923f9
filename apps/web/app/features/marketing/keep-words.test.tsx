import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { KeepWords, splitKeepTogether } from "./keep-words";

describe("Thai compounds kept on one line", () => {
  it("isolates each listed compound, the longest first", () => {
    expect(splitKeepTogether("ถึงลูกค้าทุกเครือข่าย ทั่วไทย")).toEqual(["ถึงลูกค้า", "ทุกเครือข่าย", " ", "ทั่วไทย", ""]);
    expect(splitKeepTogether("ผ่านเครือข่าย")).toEqual(["ผ่าน", "เครือข่าย", ""]);
    expect(splitKeepTogether("รหัส OTP สำหรับยืนยันตัวตน")).toEqual(["รหัส OTP สำหรับ", "ยืนยันตัวตน", ""]);
    expect(splitKeepTogether("Plain English")).toEqual(["Plain English"]);
  });

  it("wraps the compounds in non-breaking groups and keeps the text", () => {
    const { container } = render(
      <h2>
        <KeepWords>ไม่มีรายเดือน เลือกรูปแบบได้</KeepWords>
      </h2>,
    );
    expect(container).toHaveTextContent("ไม่มีรายเดือน เลือกรูปแบบได้");
    expect([...container.querySelectorAll("span.whitespace-nowrap")].map((s) => s.textContent)).toEqual([
      "รายเดือน",
      "รูปแบบ",
    ]);
  });
});
