export interface ContactImportPanelProps {
  groupId: number;
}

/** Placeholder until the import panel lands (issue 11, same session). */
export function ContactImportPanel(_props: ContactImportPanelProps) {
  return null;
}
