import type { MessageType } from "../contracts/campaigns.ts";

/** The digits of a public-API OTP pin (POST /api/v2/otp/request draws 000000–999999). */
export const OTP_PIN_DIGITS = 6;

const MASK = "*";
const LONG_DIGIT_RUN = new RegExp(`[0-9]{${OTP_PIN_DIGITS},}`, "g");

/**
 * An OTP text with its code hidden. The organization writes the text (`{pin}` anywhere, next to
 * other digits too) and may change it after the code was sent, so the pin's place cannot be
 * recomputed; but the pin is always 6 ASCII digits in a row, so it lies inside a run of at least 6.
 * Every such run is masked, digit for digit (the text keeps its length): a long number written in
 * the template, or a reference made only of digits, is hidden with it, which is the safe side.
 */
export function maskOtpText(text: string): string {
  return text.replace(LONG_DIGIT_RUN, (run) => MASK.repeat(run.length));
}

/**
 * A message's text as reports, their exports and the message detail show it (issue 23 point 9): an
 * OTP message (type `otp`, the public OTP API's) never shows its code, as the OTP report never
 * shows the pin; every other message as sent.
 */
export function reportedMessageText(type: MessageType, text: string): string {
  return type === "otp" ? maskOtpText(text) : text;
}
