/**
 * Issue 11: SMS templates (list with the on/off switch, create, edit) and the live SMS preview,
 * counter and unicode hint, which the sending screens reuse.
 */
export { SmsCounter, type SmsCounterProps } from "./components/sms-counter";
export { SmsPreview, type SmsPreviewProps } from "./components/sms-preview";
export { TagButtons, type TagButtonsProps } from "./components/tag-buttons";
export { TemplateEditor } from "./components/template-editor";
export { TemplateForm } from "./components/template-form";
export { TemplatesTable } from "./components/templates-table";
export { UnicodeHint, type UnicodeHintProps } from "./components/unicode-hint";
export { insertAtCaret } from "./lib/insert-at-caret";
export { usePageSample } from "./lib/sms-count";
