/**
 * The finished import a user has closed, per group: the server still answers it as the group's
 * current import for a few minutes, and it should not come back after "Import another file".
 */
const keyOf = (groupId: number) => `contact-import-dismissed:${groupId}`;

export function readDismissed(groupId: number): string | null {
  try {
    return window.localStorage.getItem(keyOf(groupId));
  } catch {
    // Storage blocked (private mode): the summary may show again, nothing worse.
    return null;
  }
}

export function rememberDismissed(groupId: number, importId: string): void {
  try {
    window.localStorage.setItem(keyOf(groupId), importId);
  } catch {
    // As above.
  }
}
