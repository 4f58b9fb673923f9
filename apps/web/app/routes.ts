import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { layout, type RouteConfig, route } from "@react-router/dev/routes";
import { type LayoutName, LOCALES, localizePath, ROUTES } from "@sms/domain/routes";

/**
 * The route tree is generated from the shared route table so the server knows every path.
 * Each route key has a module `routes/<layout folder>/<key>.tsx`; a key without one fails the
 * build, so no path of the table is left without its page. The English tree is a duplicate with
 * unique ids (`en:<key>`).
 */
const FOLDERS: Record<LayoutName, string> = {
  landing: "_marketing",
  auth: "_auth",
  admin: "_app",
  backoffice: "_admin",
  dev: "_dev",
};

const appDir = fileURLToPath(new URL(".", import.meta.url));
const moduleFor = (folder: string, key: string) => {
  const file = `routes/${folder}/${key}.tsx`;
  if (!existsSync(`${appDir}${file}`)) throw new Error(`Route "${key}" has no page: add app/${file}`);
  return file;
};

const layouts = (Object.keys(FOLDERS) as LayoutName[]).filter((name) =>
  ROUTES.some((r) => r.layout === name),
);

export default LOCALES.flatMap((locale) =>
  layouts.map((name) => {
    const folder = FOLDERS[name];
    const children = ROUTES.filter((r) => r.layout === name).map((r) =>
      route(localizePath(r.path, locale), moduleFor(folder, r.key), { id: `${locale}:${r.key}` }),
    );
    return layout(`routes/${folder}/layout.tsx`, { id: `${locale}:layout:${name}` }, children);
  }),
) satisfies RouteConfig;
