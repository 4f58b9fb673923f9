import { zodResolver } from "@hookform/resolvers/zod";
import { ZAutoReplyRuleRequest } from "@sms/domain/contracts/inbox";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement, Ref } from "react";
import { useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { i18next } from "~/lib/i18n";
import { FormTextarea } from "./form-textarea";

const ZReply = z.object({ reply: ZAutoReplyRuleRequest.shape.reply, note: z.string().nullable() });
type Values = z.input<typeof ZReply>;

function ReplyForm({
  onValid,
  note = null,
  replyRef,
}: {
  onValid: (values: z.output<typeof ZReply>) => void;
  note?: string | null;
  replyRef?: Ref<HTMLTextAreaElement>;
}) {
  const { control, handleSubmit } = useForm<Values>({
    resolver: zodResolver(ZReply),
    defaultValues: { reply: "", note },
  });
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate>
      <FormTextarea
        control={control}
        name="reply"
        ref={replyRef}
        label="Reply"
        description="Sent back to the sender"
        isRequired
        showCounter
        maxLength={20}
        rows={3}
        data-testid="reply"
      />
      <FormTextarea control={control} name="note" label="Note" />
      <button type="submit">Save</button>
    </form>
  );
}

async function renderIn(lang: "th" | "en", ui: ReactElement) {
  await i18next.changeLanguage(lang);
  return render(ui);
}

describe("FormTextarea", () => {
  it.each([
    ["en", "* Please enter the reply text."],
    ["th", "* กรุณากรอกข้อความตอบกลับ"],
  ] as const)("shows the translated zod message after a failed validation (%s)", async (lang, text) => {
    const onValid = vi.fn();
    await renderIn(lang, <ReplyForm onValid={onValid} />);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    const area = screen.getByTestId("reply");
    await waitFor(() => expect(screen.getByTestId("field-error")).toHaveTextContent(text));
    expect(area).toHaveAttribute("aria-invalid", "true");
    expect(area).toHaveAttribute("aria-required", "true");
    const described = area.getAttribute("aria-describedby")?.split(" ") ?? [];
    expect(described).toHaveLength(3);
    expect(described).toContain(screen.getByTestId("field-error").id);
    expect(described).toContain(screen.getByTestId("textarea-counter").id);
    expect(screen.getByText("Sent back to the sender").id).toBe(described[0]);
    expect(area).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
  });

  it("hands the typed text to the form, counts it and keeps the Textarea's props", async () => {
    const onValid = vi.fn();
    await renderIn("en", <ReplyForm onValid={onValid} note={null} />);
    const area = screen.getByRole("textbox", { name: /^Reply/ });
    expect(area).toHaveAttribute("rows", "3");
    expect(area).toHaveAttribute("maxLength", "20");
    expect(area).toHaveAttribute("name", "reply");
    expect(screen.getByRole("textbox", { name: "Note" })).toHaveValue("");
    await userEvent.type(area, "Thanks, we got it");
    expect(screen.getByTestId("textarea-counter")).toHaveTextContent("17/20");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(onValid).toHaveBeenCalledWith({ reply: "Thanks, we got it", note: null }, expect.anything()),
    );
    expect(screen.queryByTestId("field-error")).toBeNull();
  });

  it("gives its element to a ref of the caller's as well as the form's", async () => {
    const replyRef = { current: null as HTMLTextAreaElement | null };
    const callback = vi.fn();
    const { unmount } = await renderIn("en", <ReplyForm onValid={vi.fn()} replyRef={replyRef} />);
    expect(replyRef.current).toBe(screen.getByTestId("reply"));
    unmount();
    await renderIn("en", <ReplyForm onValid={vi.fn()} replyRef={callback} />);
    expect(callback).toHaveBeenCalledWith(screen.getByTestId("reply"));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.getByTestId("reply")).toHaveFocus());
  });
});
