/** The part of an OpenAPI 3 document this module reads. */
export interface OpenApiDocument {
  paths?: Record<string, unknown>;
  components?: Record<string, Record<string, unknown> | undefined>;
  [key: string]: unknown;
}

const REF = "#/components/";

/** Every `$ref` to a component inside `value`, as [section, name]. */
function refsIn(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) refsIn(item, found);
  } else if (value !== null && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string" && inner.startsWith(REF))
        found.add(inner.slice(REF.length));
      else refsIn(inner, found);
    }
  }
}

/**
 * The document of the public API alone (review I1): the paths under `prefix`, the components they
 * reference (transitively) and the security schemes; every other route, the back office's
 * included, and every schema only they use are left out.
 */
export function publicOpenApi(doc: OpenApiDocument, prefix: string): OpenApiDocument {
  const paths = Object.fromEntries(
    Object.entries(doc.paths ?? {}).filter(([path]) => path.startsWith(prefix)),
  );
  const wanted = new Set<string>();
  refsIn(paths, wanted);
  const kept = new Set<string>();
  const queue = [...wanted];
  while (queue.length > 0) {
    const ref = queue.pop() as string;
    if (kept.has(ref)) continue;
    kept.add(ref);
    const [section = "", name = ""] = ref.split("/");
    const more = new Set<string>();
    refsIn(doc.components?.[section]?.[name], more);
    queue.push(...more);
  }
  const components: NonNullable<OpenApiDocument["components"]> = {};
  for (const [section, entries] of Object.entries(doc.components ?? {})) {
    const picked = Object.entries(entries ?? {}).filter(
      ([name]) => section === "securitySchemes" || kept.has(`${section}/${name}`),
    );
    if (picked.length > 0) components[section] = Object.fromEntries(picked);
  }
  return { ...doc, paths, components };
}
