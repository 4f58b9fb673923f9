/**
 * Issue 11: SMS templates (list with the on/off switch, create, edit) and the live SMS preview,
 * counter and unicode hint, which the sending screens reuse.
 */
export { SmsCounter } from "./components/sms-counter";
export { SmsPreview } from "./components/sms-preview";
export { TagButtons } from "./components/tag-buttons";
export { TemplateEditor } from "./components/template-editor";
export { TemplateForm } from "./components/template-form";
export { TemplatesTable } from "./components/templates-table";
export { UnicodeHint } from "./components/unicode-hint";
export { insertAtCaret } from "./lib/insert-at-caret";
