/**
 * The send kernel (ADR 72): the parts every sending form (instant, campaign, file) is built from
 * (purpose and sender, template, message, compose layout, steps, problem, review and Send), the
 * send forms' reads and what a send makes stale; and the two screens that are only those parts, the
 * instant message and the organization's sent messages (issue 13 points 1 and 5). It imports no
 * feature but account, templates and schedules (Biome zones).
 */
export { useSendableSenders } from "./api/list-sendable-senders";
export { useRefreshAfterSend } from "./api/refresh-after-send";
export { InstantMessageForm } from "./components/instant-message-form";
export { MessageFilters } from "./components/message-filters";
export { MessageStatusChip } from "./components/message-status-chip";
export { MessagesTable } from "./components/messages-table";
export {
  ComposeForm,
  carriesOptOutLink,
  MessageFields,
  ReviewStep,
  type SendProblem,
  SendProblemAlert,
  SendSteps,
  StepHeading,
  sendProblemOf,
  useCaretInsert,
} from "./components/send-parts";
export { SendPreview } from "./components/send-preview";
export {
  SendPurposeFields,
  useSenderChoices,
} from "./components/send-purpose-fields";
export { TemplatePicker } from "./components/template-picker";
export { countedText } from "./components/track-links-field";
export { defaultSender, sendersFor } from "./lib/sender-choice";
