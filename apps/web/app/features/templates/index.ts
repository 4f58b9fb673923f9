/**
 * Issue 11: SMS templates (list with the on/off switch, create, edit) and the live SMS preview,
 * which the sending screens reuse.
 */
export { SmsPreview, type SmsPreviewProps } from "./components/sms-preview";
export { TagButtons, type TagButtonsProps } from "./components/tag-buttons";
export { TemplateEditor } from "./components/template-editor";
export { TemplateForm } from "./components/template-form";
export { TemplatesTable } from "./components/templates-table";
export { insertAtCaret } from "./lib/insert-at-caret";
