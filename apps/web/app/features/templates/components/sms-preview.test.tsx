import { render, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { i18next } from "~/lib/i18n";
import { SmsPreview } from "./sms-preview";

beforeEach(async () => {
  await i18next.changeLanguage("en");
});

function counters() {
  const read = (key: string) => screen.getByTestId(`sms-${key}`).textContent;
  return {
    characters: read("characters"),
    bytes: read("bytes"),
    parts: read("parts"),
    credits: read("credits"),
    remaining: read("remaining"),
  };
}

describe("SmsPreview", () => {
  it("counts ASCII text single-byte at 160 per SMS, with nothing forcing unicode", () => {
    render(<SmsPreview message="Hello" />);
    expect(counters()).toEqual({ characters: "5", bytes: "5", parts: "1", credits: "1", remaining: "155" });
    expect(screen.getByTestId("sms-encoding")).toHaveAttribute("data-encoding", "single-byte");
    expect(screen.getByTestId("sms-encoding")).toHaveTextContent("160 characters in one SMS, 154 per part");
    expect(screen.queryByTestId("sms-forcing")).not.toBeInTheDocument();
    expect(screen.getByTestId("sms-preview-text")).toHaveTextContent("Hello");
  });

  it("switches to 2 parts of 154 at 161 characters", () => {
    const { rerender } = render(<SmsPreview message={"a".repeat(160)} />);
    expect(counters()).toMatchObject({ characters: "160", parts: "1", credits: "1", remaining: "0" });
    rerender(<SmsPreview message={"a".repeat(161)} />);
    expect(counters()).toEqual({
      characters: "161",
      bytes: "161",
      parts: "2",
      credits: "2",
      remaining: "147",
    });
  });

  it("counts Thai as unicode at 70 per SMS, 2 bytes a character", () => {
    render(<SmsPreview message="Promo 50% สำหรับคุณ" />);
    expect(counters()).toEqual({ characters: "19", bytes: "38", parts: "1", credits: "1", remaining: "51" });
    expect(screen.getByTestId("sms-encoding")).toHaveAttribute("data-encoding", "unicode");
    expect(screen.getByTestId("sms-encoding")).toHaveTextContent("70 characters in one SMS, 67 per part");
  });

  it("splits Thai into parts of 67 past 70 characters", () => {
    render(<SmsPreview message={"ก".repeat(71)} />);
    expect(counters()).toEqual({ characters: "71", bytes: "142", parts: "2", credits: "2", remaining: "63" });
  });

  it("counts an emoji as 2 characters", () => {
    render(<SmsPreview message="Hi 😀" />);
    expect(counters()).toEqual({ characters: "5", bytes: "10", parts: "1", credits: "1", remaining: "65" });
  });

  it("fills the tags with the sample contact and counts the message a contact receives", () => {
    render(<SmsPreview message="Hi {first_name} {last_name}, {phone_number}" />);
    expect(screen.getByTestId("sms-preview-text")).toHaveTextContent("Hi Somchai Jaidee, 0812345678");
    // "Hi Somchai Jaidee, 0812345678" is 29 characters.
    expect(counters()).toMatchObject({ characters: "29", parts: "1" });
    expect(screen.getByText(/Thai letters gets a unicode message/)).toBeInTheDocument();
  });

  it("fills the tags with a Thai sample on a Thai page, and says a Thai name makes the text unicode (D29)", async () => {
    await i18next.changeLanguage("th");
    render(<SmsPreview message="Hi {first_name} {last_name}" />);
    expect(screen.getByTestId("sms-preview-text")).toHaveTextContent("Hi สมชาย ใจดี");
    expect(screen.getByTestId("sms-encoding")).toHaveAttribute("data-encoding", "unicode");
    expect(screen.getByTestId("sms-unicode-by-name")).toHaveTextContent("ชื่อภาษาไทย");
  });

  it("sends the text as written when there is no contact (sample null): tags are not filled", () => {
    render(<SmsPreview message="Hi {first_name}" sample={null} recipients={1} />);
    expect(screen.getByTestId("sms-preview-text")).toHaveTextContent("Hi {first_name}");
    expect(screen.getByTestId("sms-total")).toHaveTextContent("1");
  });

  it("shows the credits for the recipients when given, and announces the counters politely", () => {
    render(<SmsPreview message={"a".repeat(200)} recipients={1500} />);
    expect(screen.getByTestId("sms-total")).toHaveTextContent("3,000");
    // One credit figure (D31): the send's total, not also a per-recipient one.
    expect(screen.queryByTestId("sms-credits")).not.toBeInTheDocument();
    expect(screen.getByText("Credits for 1,500 recipients")).toBeInTheDocument();
    expect(screen.getByTestId("sms-preview-counters")).toHaveAttribute("aria-live", "polite");
  });

  it("reads in Thai, with no developer notice on a Thai message (D30)", async () => {
    await i18next.changeLanguage("th");
    render(<SmsPreview message="สวัสดี" />);
    const preview = screen.getByTestId("sms-preview");
    expect(within(preview).getByRole("heading", { name: "ตัวอย่าง" })).toBeInTheDocument();
    expect(preview).not.toHaveTextContent("U+");
  });
});
