import { zodResolver } from "@hookform/resolvers/zod";
import { ZPhoneNumber } from "@sms/domain/rules/validation";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { i18next } from "~/lib/i18n";
import { Button } from "./button";
import { TextInput } from "./text-input";

function ControlledPhone() {
  const [value, setValue] = useState("0812");
  return (
    <>
      <TextInput type="tel" label="Phone" value={value} onChange={setValue} />
      <button type="button" onClick={() => setValue("")}>
        reset
      </button>
    </>
  );
}
const schema = z.object({ phone: ZPhoneNumber, quantity: z.number().int() });
function PhoneForm({ onValid }: { onValid: (values: z.infer<typeof schema>) => void }) {
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { phone: "", quantity: 0 },
  });
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate>
      <Controller
        control={control}
        name="phone"
        render={({ field, fieldState }) => (
          <TextInput type="tel" label="Phone" isRequired {...field} error={fieldState.error?.message} />
        )}
      />
      <Controller
        control={control}
        name="quantity"
        render={({ field }) => <TextInput type="num" label="Quantity" {...field} />}
      />
      <Button type="submit">Send</Button>
    </form>
  );
}
beforeEach(() => i18next.changeLanguage("en"));
afterEach(() => i18next.changeLanguage("th"));

describe("TextInput typing filters", () => {
  it("tel keeps digits and dots only and stops at 12 characters", async () => {
    const onChange = vi.fn();
    render(<TextInput type="tel" label="Phone" onChange={onChange} />);
    const input = screen.getByLabelText("Phone");
    await userEvent.type(input, "08a1-23 4.5678999");
    expect(input).toHaveValue("081234.56789");
    expect(onChange).toHaveBeenLastCalledWith("081234.56789");
    expect(input).toHaveAttribute("type", "tel");
  });

  it("tel also filters and caps pasted text", async () => {
    const onChange = vi.fn();
    render(<TextInput type="tel" label="Phone" onChange={onChange} />);
    const input = screen.getByLabelText("Phone");
    await userEvent.click(input);
    await userEvent.paste("+66 81-234-5678");
    expect(input).toHaveValue("66812345678");
    await userEvent.paste("999");
    expect(input).toHaveValue("668123456789");
    expect(onChange).toHaveBeenLastCalledWith("668123456789");
  });

  it("num accepts digits and a dot while typing and reports an integer", async () => {
    const onChange = vi.fn();
    render(<TextInput type="num" label="Quantity" onChange={onChange} />);
    const input = screen.getByLabelText("Quantity");
    await userEvent.type(input, "1x2.7");
    expect(input).toHaveValue("12.7");
    expect(onChange).toHaveBeenLastCalledWith(12);
    expect(onChange.mock.calls.every(([value]) => value === null || Number.isInteger(value))).toBe(true);
    await userEvent.tab();
    expect(input).toHaveValue("12");
  });

  it("num reports null once emptied and ignores letters", async () => {
    const onChange = vi.fn();
    render(<TextInput type="num" label="Quantity" defaultValue={5} onChange={onChange} />);
    const input = screen.getByLabelText("Quantity");
    await userEvent.type(input, "abc");
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.clear(input);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it("email blocks characters outside letters, digits and . _ % + - @", async () => {
    const onChange = vi.fn();
    render(<TextInput type="email" label="E-mail" onChange={onChange} />);
    const input = screen.getByLabelText("E-mail");
    await userEvent.type(input, "a b.c+x_1%-ก!#@ex.com");
    expect(input).toHaveValue("ab.c+x_1%-@ex.com");
    expect(onChange).toHaveBeenLastCalledWith("ab.c+x_1%-@ex.com");
  });

  it.each([
    ["th", "กรุณาพิมพ์อีเมลเป็นตัวอักษรภาษาอังกฤษ"],
    ["en", "Type the e-mail in English letters."],
  ] as const)(
    "email says why a Thai letter was not typed, until English resumes (%s)",
    async (lang, hint) => {
      await i18next.changeLanguage(lang);
      render(<TextInput type="email" label="E-mail" />);
      const input = screen.getByLabelText("E-mail");
      expect(screen.getByTestId("email-hint")).toBeEmptyDOMElement();
      await userEvent.type(input, "annก");
      expect(input).toHaveValue("ann");
      expect(screen.getByTestId("email-hint")).toHaveTextContent(hint);
      expect(input.getAttribute("aria-describedby")).toContain(screen.getByTestId("email-hint").id);
      await userEvent.type(input, "@");
      expect(input).toHaveValue("ann@");
      expect(screen.getByTestId("email-hint")).toBeEmptyDOMElement();
      expect(input).not.toHaveAttribute("aria-describedby");
      await i18next.changeLanguage("th");
    },
  );

  it("text, url and search keep what is typed and use the matching native type", async () => {
    render(
      <>
        <TextInput label="Name" />
        <TextInput type="url" label="Site" />
        <TextInput type="search" label="Find" />
      </>,
    );
    await userEvent.type(screen.getByLabelText("Name"), "ABC ไทย 1!");
    expect(screen.getByLabelText("Name")).toHaveValue("ABC ไทย 1!");
    expect(screen.getByLabelText("Site")).toHaveAttribute("type", "url");
    expect(screen.getByRole("searchbox", { name: "Find" })).toBeInTheDocument();
  });
});

describe("TextInput password", () => {
  it("toggles visibility with a translated button", async () => {
    render(<TextInput type="password" label="Password" defaultValue="secret1" />);
    const input = screen.getByLabelText("Password");
    expect(input).toHaveAttribute("type", "password");
    await userEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(input).toHaveAttribute("type", "text");
    await userEvent.click(screen.getByRole("button", { name: "Hide password" }));
    expect(input).toHaveAttribute("type", "password");
  });

  it("names the toggle in Thai", async () => {
    await i18next.changeLanguage("th");
    render(<TextInput type="password" label="รหัสผ่าน" />);
    expect(screen.getByRole("button", { name: "แสดงรหัสผ่าน" })).toBeInTheDocument();
  });
});

describe("TextInput label and errors", () => {
  it("marks a required field with a hidden red asterisk and aria-required", () => {
    render(<TextInput label="Name" isRequired />);
    const input = screen.getByRole("textbox", { name: "Name" });
    expect(input).toHaveAttribute("aria-required", "true");
    const star = screen.getByText("*");
    expect(star).toHaveAttribute("aria-hidden", "true");
    expect(star).toHaveClass("text-red-600");
  });

  it("shows the error below the field prefixed with * and links it", () => {
    render(<TextInput type="tel" label="Phone" error="validation.phone_min_length" />);
    const input = screen.getByLabelText("Phone");
    expect(screen.getByText("* The phone number must contain 9 or 10 digits.")).toBeInTheDocument();
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("* The phone number must contain 9 or 10 digits.");
  });

  it("translates shared validation keys into Thai", async () => {
    await i18next.changeLanguage("th");
    render(<TextInput type="tel" label="โทรศัพท์" error="validation.phone_min_length" />);
    expect(screen.getByText("* หมายเลขโทรศัพท์ต้องมี 9 หรือ 10 หลัก")).toBeInTheDocument();
  });

  it("translates any domain key, filling the limit its text names", () => {
    render(<TextInput label="Speed" error="validation.smsc_tps_invalid" />);
    expect(
      screen.getByText("* Please enter a speed above 0 and at most 10,000 messages per second."),
    ).toBeInTheDocument();
  });

  it("shows a plain message as given and no error state without one", () => {
    const { rerender } = render(<TextInput label="Name" error="Too short" />);
    expect(screen.getByText("* Too short")).toBeInTheDocument();
    rerender(<TextInput label="Name" />);
    expect(screen.getByLabelText("Name")).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByTestId("field-error")).toBeNull();
  });
});

describe("TextInput with forms", () => {
  it("follows a controlled value set from outside", async () => {
    render(<ControlledPhone />);
    const input = screen.getByLabelText("Phone");
    await userEvent.type(input, "345x");
    expect(input).toHaveValue("0812345");
    await userEvent.click(screen.getByRole("button", { name: "reset" }));
    expect(input).toHaveValue("");
  });

  it("works inside a react-hook-form Controller with the shared zod schema", async () => {
    const onValid = vi.fn();
    render(<PhoneForm onValid={onValid} />);
    const phone = screen.getByRole("textbox", { name: "Phone" });
    await userEvent.type(phone, "0812");
    await userEvent.type(screen.getByRole("textbox", { name: "Quantity" }), "42.9");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("* The phone number must contain 9 or 10 digits.")).toBeInTheDocument();
    expect(phone).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();

    await userEvent.type(phone, "345678");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    await vi.waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid.mock.calls[0]?.[0]).toEqual({ phone: "0812345678", quantity: 42 });
  });
});
