// The steps after React Router's build, on the prerendered pages in `<buildDirectory>/client`: run by
// the documented `buildEnd` hook of react-router.config.ts once the build and the prerender are done.
import { join } from "node:path";
import { deferHydrationIn } from "./defer-hydration.mjs";
import { writeSeoFiles } from "./seo-files.mjs";

/** Defers the entry pages' hydration, then writes sitemap.xml and robots.txt. */
export function postBuild(buildDirectory) {
  const clientDir = join(buildDirectory, "client");
  const deferred = deferHydrationIn(clientDir);
  console.log(`defer-hydration: ${deferred} prerendered pages hydrate after load`);
  const { pages, origin } = writeSeoFiles(clientDir);
  console.log(`sitemap.xml: ${pages} pages; robots.txt for ${origin}`);
}
