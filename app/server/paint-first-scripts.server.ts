import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const PRELOAD = '<link rel="modulepreload"';
/** Not a link type browsers know, so nothing is fetched until the script restores the real one. */
const DEFERRED_REL = "modulepreload-after-paint";
const DEFERRED_PRELOAD = `<link rel="${DEFERRED_REL}"`;
/** How React renders the opening of Remix's route-module script (`<Scripts>`), after the nonce. */
const MODULE_SCRIPT = 'type="module" async="">';
const SCRIPT_END = "</script>";
const ROUTE_IMPORT = /^import \* as (route\d+) from ("[^"\\\n]+");$/gm;

/**
 * Settles once the browser reports the page's first contentful paint: at once in a hidden tab
 * (which paints nothing), one frame later where paint timing is unknown, and after 3 s at most
 * whatever happens. (A frame alone is not enough: on a busy phone the paint is shown, and
 * timed, after the next task has already run.)
 */
export const AFTER_FIRST_PAINT = `await new Promise((painted) => {
  if (document.visibilityState === "hidden") return painted();
  setTimeout(painted, 3000);
  if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return requestAnimationFrame(() => setTimeout(painted));
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    painted();
  }).observe({ type: "paint", buffered: true });
});`;

/**
 * Once the browser has painted the page (see AFTER_FIRST_PAINT): the
 * preloads are turned back into what Remix rendered, so React hydrates the very same links, and
 * the route modules (and through them React) are imported.
 */
function importRoutesAfterFirstPaint(script: string): string {
  const routes: { name: string; url: string }[] = [];
  const rest = script.replace(ROUTE_IMPORT, (_line, name: string, url: string) => {
    routes.push({ name, url });
    return "";
  });
  if (routes.length === 0) return script;
  const names = routes.map(({ name }) => name).join(", ");
  const imports = routes.map(({ url }) => `import(${url})`).join(", ");
  return (
    [
      AFTER_FIRST_PAINT,
      `for (const link of document.querySelectorAll('link[rel="${DEFERRED_REL}"]')) link.rel = "modulepreload";`,
      `const [${names}] = await Promise.all([${imports}]);`,
    ].join("\n") + rest
  );
}

/** The longest end of `text` that could be the start of `marker` cut by a chunk boundary. */
function partialAtEnd(text: string, marker: string): number {
  for (let length = Math.min(marker.length - 1, text.length); length > 0; length -= 1)
    if (marker.startsWith(text.slice(-length))) return length;
  return 0;
}

/** Rewrites what of `text` is complete; `held` is the end that must wait for the next chunk. */
function rewriteComplete(text: string): { done: string; held: string } {
  let done = "";
  let from = 0;
  for (;;) {
    const open = text.indexOf(MODULE_SCRIPT, from);
    if (open === -1) break;
    const bodyStart = open + MODULE_SCRIPT.length;
    const end = text.indexOf(SCRIPT_END, bodyStart);
    if (end === -1) {
      done += text.slice(from, open).replaceAll(PRELOAD, DEFERRED_PRELOAD);
      return { done, held: text.slice(open) };
    }
    done +=
      text.slice(from, bodyStart).replaceAll(PRELOAD, DEFERRED_PRELOAD) +
      importRoutesAfterFirstPaint(text.slice(bodyStart, end));
    from = end;
  }
  const tail = text.slice(from);
  const hold = Math.max(partialAtEnd(tail, PRELOAD), partialAtEnd(tail, MODULE_SCRIPT));
  done += tail.slice(0, tail.length - hold).replaceAll(PRELOAD, DEFERRED_PRELOAD);
  return { done, held: tail.slice(tail.length - hold) };
}

/**
 * The page is complete HTML: it can paint from the HTML and the stylesheet alone, and on a slow
 * phone it should, before the main thread spends a few hundred milliseconds compiling and running
 * 260 KB of framework script and hydrating. Remix's `<Scripts>` takes no options for this, so the
 * rendered stream changes two things:
 *
 * - its module preloads are inert in the HTML (a visitor without JavaScript downloads no script
 *   at all) and, without the stylesheet and the main picture competing with 20-odd scripts for a
 *   slow connection, the first paint needs only those;
 * - its inline module script waits for that first paint, restores the preloads and then imports
 *   the route modules. A repeat visitor whose scripts come from the cache no longer waits for all
 *   of them to run before seeing anything.
 */
export function paintFirstScripts(): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const rewritten = rewriteComplete(held + decoder.write(chunk));
      held = rewritten.held;
      callback(null, rewritten.done);
    },
    flush(callback) {
      // Only an unfinished script or half a marker can be left: a stream that was cut short.
      callback(null, held + decoder.end());
    },
  });
}
