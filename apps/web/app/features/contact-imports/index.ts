/** Issue 11: contact imports. */
export { ContactImportPanel, type ContactImportPanelProps } from "./components/contact-import-panel";
