import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import { i18next } from "~/lib/i18n";
import { SmsCounter } from "./sms-counter";
import { SmsPreview } from "./sms-preview";
import { UnicodeHint } from "./unicode-hint";

beforeEach(async () => {
  await i18next.changeLanguage("th");
});

describe("SmsCounter", () => {
  it("says characters, SMS and credits in one line, the same count as the preview (D30, D56)", () => {
    const message = "สวัสดีคุณ{first_name} ".repeat(4);
    render(
      <>
        <SmsCounter message={message} typed={message.length} maxLength={1000} recipients={15} />
        <SmsPreview message={message} recipients={15} />
      </>,
    );
    const counter = screen.getByTestId("sms-counter");
    // 4 × ("สวัสดีคุณ" 9 + "สมชาย" 5 + " " 1) = 60 characters: one unicode SMS, 15 credits.
    expect(counter).toHaveTextContent("60 ตัวอักษร · 1 SMS · 15 เครดิต");
    expect(screen.getByTestId("sms-characters")).toHaveTextContent("60");
    expect(counter).toHaveAttribute("aria-live", "polite");
    expect(screen.queryByTestId("sms-counter-left")).not.toBeInTheDocument();
  });

  it("counts two SMS past 70 Thai characters and says what is left near the typing limit", () => {
    render(<SmsCounter message={"ก".repeat(71)} typed={950} maxLength={1000} />);
    expect(screen.getByTestId("sms-counter")).toHaveTextContent("71 ตัวอักษร · 2 SMS · 2 เครดิตต่อผู้รับ");
    expect(screen.getByTestId("sms-counter-left")).toHaveTextContent("พิมพ์ได้อีก 50 ตัวอักษร");
  });
});

function HintHarness({ initial }: { initial: string }) {
  const [text, setText] = useState(initial);
  return (
    <>
      <output data-testid="text">{text}</output>
      <UnicodeHint message={text} onUsePlain={() => setText(text.replace(/[“”]/g, '"'))} />
    </>
  );
}

describe("UnicodeHint", () => {
  it("names the stray characters of a mostly-English text in plain words and swaps them for plain ones", () => {
    render(<HintHarness initial="Sale today at “Siam” branch, 50% off all shoes" />);
    const hint = screen.getByTestId("sms-forcing");
    expect(hint).toHaveTextContent("อักขระ “ ” ทำให้ทั้งข้อความนับแบบภาษาไทย: 70 ตัวอักษรต่อ SMS แทน 160");
    expect(hint).not.toHaveTextContent("U+");
    fireEvent.click(screen.getByTestId("sms-use-plain"));
    expect(screen.getByTestId("text")).toHaveTextContent('Sale today at "Siam" branch');
    expect(screen.queryByTestId("sms-forcing")).not.toBeInTheDocument();
  });

  it("says nothing for a Thai message", () => {
    render(<UnicodeHint message="สวัสดีคุณสมชาย โปรโมชั่นลด 50%" onUsePlain={() => undefined} />);
    expect(screen.queryByTestId("sms-forcing")).not.toBeInTheDocument();
  });

  it("offers no swap for a character without a plain twin", async () => {
    await i18next.changeLanguage("en");
    render(
      <UnicodeHint message="Flash sale this weekend only at our Siam shop 🎉" onUsePlain={() => undefined} />,
    );
    expect(screen.getByTestId("sms-forcing")).toHaveTextContent(
      "The character 🎉 makes the whole message Unicode",
    );
    expect(screen.queryByTestId("sms-use-plain")).not.toBeInTheDocument();
  });
});
