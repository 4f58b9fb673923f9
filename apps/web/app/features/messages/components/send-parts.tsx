import type { FormEventHandler, ReactNode, Ref } from "react";
import { useLayoutEffect, useRef } from "react";
import type { Control, FieldValues } from "react-hook-form";
import { Link } from "react-router";
import { FormAlert, needsVerifiedPhone, VerifyPhoneAlert } from "~/components/form";
import { ScheduleSummary, type ScheduleValue } from "~/features/schedules";
import { insertAtCaret, SmsPreview } from "~/features/templates";
import { isApiError } from "~/lib/api-client";
import { useLocalizedPath } from "~/lib/locale";
import { MessageTextField } from "./message-text-field";
import { OptOutLinkField } from "./opt-out-link-field";
import { SendActions, type SendActionsProps } from "./send-actions";
import { countedText, TrackLinksField } from "./track-links-field";

/**
 * The parts every sending form (instant, campaign, file) is made of, so a new send option is one
 * edit: the problem above the form, the steps, the compose layout with the live SMS preview, the
 * message with its tracked links, the tag insertion at the caret, and the review step.
 */

/** What stands above a send form: a verified phone needed, too few credits, or the server's words. */
export type SendProblem = { kind: "credits" } | { kind: "phone" } | { kind: "text"; text: string };

/** The two refusals every send words the same way (no verified phone, too few credits), else null. */
export function sendProblemOf(error: unknown): SendProblem | null {
  if (needsVerifiedPhone(error)) return { kind: "phone" };
  if (isApiError(error) && error.code === "INSUFFICIENT_CREDITS") return { kind: "credits" };
  return null;
}

export interface SendProblemAlertProps {
  problem: SendProblem | null;
  /** The form's own words for "not enough credits" and the way to buy more. */
  insufficientCredits: string;
  buyCredits: string;
}

/** The problem above a send form: verify your phone, buy credits (with the link), or the server's text. */
export function SendProblemAlert({ problem, insufficientCredits, buyCredits }: SendProblemAlertProps) {
  const lp = useLocalizedPath();
  if (problem?.kind === "phone") return <VerifyPhoneAlert />;
  if (problem?.kind === "credits") {
    return (
      <FormAlert testId="insufficient-credits">
        <p>{insufficientCredits}</p>
        <Link to={lp("/subscriptions")} className="font-semibold underline">
          {buyCredits}
        </Link>
      </FormAlert>
    );
  }
  return <FormAlert>{problem?.text}</FormAlert>;
}

export interface SendStepsProps<S extends string> {
  steps: readonly S[];
  current: S;
  /** The list's accessible name ("ขั้นตอน"). */
  label: string;
  name: (step: S) => string;
}

/** The steps of a multi-step send, the current one marked for screen readers (aria-current="step"). */
export function SendSteps<S extends string>({ steps, current, label, name }: SendStepsProps<S>) {
  return (
    <nav aria-label={label}>
      <ol className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {steps.map((key) => (
          <li
            key={key}
            aria-current={current === key ? "step" : undefined}
            className={current === key ? "font-semibold text-primary-700" : "text-gray-500"}
          >
            {name(key)}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A step's heading, focusable so a step change can move focus (and a screen reader) to it. */
export function StepHeading({
  headingRef,
  children,
}: {
  headingRef: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-gray-900 outline-none">
      {children}
    </h2>
  );
}

export interface ComposeFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  testId: string;
  /** The text as counted (countedText) and the recipients, for the live preview beside the form. */
  counted: string;
  recipients: number;
  /** null: the text goes as written (no sample contact fills its tags). */
  sample?: null;
  children: ReactNode;
}

/** A send form's compose layout: the fields, and beside them (below on phones) the live SMS preview. */
export function ComposeForm({ onSubmit, testId, counted, recipients, sample, children }: ComposeFormProps) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]"
      data-testid={testId}
    >
      <div className="min-w-0 space-y-5">{children}</div>
      <SmsPreview message={counted} recipients={recipients} sample={sample} className="lg:sticky lg:top-4" />
    </form>
  );
}

export interface MessageFieldsProps<T extends FieldValues> {
  control: Control<T>;
  message: string;
  trackLinks: boolean;
  label: string;
  description: string;
  maxLength: number;
  recipients: number;
  literal?: boolean;
  errorText: (key: string | undefined) => string | undefined;
  textareaRef?: (element: HTMLTextAreaElement | null) => void;
  /** `${prefix}-message` and `${prefix}-track-links`. */
  testIdPrefix: string;
  /** Shown between the message and the tracked links (the instant form's tags warning). */
  between?: ReactNode;
  /** The send's purpose: a marketing send offers the opt-out footer (`${prefix}-opt-out`, ADR 93). */
  purpose: string;
  /** The form's opt_out_link (on unless false). */
  optOutLink: boolean | undefined;
}

/** Whether a send's text carries the opt-out footer: marketing, unless turned off (ADR 93). */
export function carriesOptOutLink(purpose: string, optOutLink: boolean | undefined): boolean {
  return purpose === "marketing" && optOutLink !== false;
}

/** The message with its live count, then "shorten and track links", then a marketing send's opt-out link. */
export function MessageFields<
  T extends FieldValues & {
    message?: string | undefined;
    track_links?: boolean | undefined;
    opt_out_link?: boolean | undefined;
  },
>({
  control,
  message,
  trackLinks,
  label,
  description,
  maxLength,
  recipients,
  literal,
  errorText,
  textareaRef,
  testIdPrefix,
  between,
  purpose,
  optOutLink,
}: MessageFieldsProps<T>) {
  return (
    <>
      <MessageTextField
        control={control}
        label={label}
        description={description}
        maxLength={maxLength}
        counted={countedText(message, trackLinks, carriesOptOutLink(purpose, optOutLink))}
        recipients={recipients}
        literal={literal}
        errorText={errorText}
        textareaRef={textareaRef}
        testId={`${testIdPrefix}-message`}
      />
      {between}
      <TrackLinksField control={control} message={message} testId={`${testIdPrefix}-track-links`} />
      {purpose === "marketing" ? (
        <OptOutLinkField
          control={control}
          message={message}
          trackLinks={trackLinks}
          testId={`${testIdPrefix}-opt-out`}
        />
      ) : null}
    </>
  );
}

/**
 * Inserts text (a tag) at the message's caret, within its length, and puts the caret after it once
 * the field has the new value.
 */
export function useCaretInsert(current: () => string, apply: (value: string) => void, maxLength: number) {
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    const element = textarea.current;
    if (caret === null || !element) return;
    pendingCaret.current = null;
    element.focus();
    element.setSelectionRange(caret, caret);
  });
  const insert = (text: string) => {
    const value = current();
    const element = textarea.current;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? start;
    const edit = insertAtCaret(value, start, end, text, maxLength);
    if (!edit) return;
    pendingCaret.current = edit.caret;
    apply(edit.value);
  };
  const textareaRef = (element: HTMLTextAreaElement | null) => {
    textarea.current = element;
  };
  return { insert, textareaRef };
}

export interface ReviewStepProps {
  testId: string;
  steps: ReactNode;
  heading: ReactNode;
  alert: ReactNode;
  schedule: ScheduleValue;
  /** The preview of what would be sent (SendPreview, with the source's rows). */
  children: ReactNode;
  actions: SendActionsProps;
}

/** The review: the steps, its heading, the problem, when it goes, the preview, and the one Send (D33). */
export function ReviewStep({ testId, steps, heading, alert, schedule, children, actions }: ReviewStepProps) {
  return (
    <div className="space-y-5" data-testid={testId}>
      {steps}
      {heading}
      {alert}
      <ScheduleSummary value={schedule} />
      {children}
      <SendActions {...actions} />
    </div>
  );
}
