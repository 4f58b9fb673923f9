/** `{ "../../locales/th/auth.json": {...} }` → `{ auth: {...} }`: a catalogue file's name is its namespace. */
export function byNamespace(
  files: Record<string, Record<string, unknown>>,
): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(files).map(([path, catalog]) => [/([\w-]+)\.json$/.exec(path)?.[1] ?? path, catalog]),
  );
}
