import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, ServerRouter } from "react-router";
import { SpaFallbackContext } from "~/lib/spa-fallback";

/**
 * The server entry, used only by the build (`ssr: false`): it prerenders the marketing and entry
 * pages and the SPA fallback. It is React Router's default Node entry (which waits for all content
 * when prerendering) with one addition: the layout learns whether this render is the SPA fallback
 * from `routerContext.isSpaMode`, the field the default entry reads too (root.tsx, useHydrate).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  return new Promise<Response>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(
      <SpaFallbackContext value={routerContext.isSpaMode}>
        <ServerRouter context={routerContext} url={request.url} />
      </SpaFallbackContext>,
      {
        // Static generation: the whole page, never a shell to stream into.
        onAllReady() {
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          console.error(error);
        },
      },
    );
  });
}
