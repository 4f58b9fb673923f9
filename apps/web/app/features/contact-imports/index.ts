/** Issue 11: contact imports. */
export { ContactImportPanel } from "./components/contact-import-panel";
