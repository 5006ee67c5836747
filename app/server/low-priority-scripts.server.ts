import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

/** The longest end of `text` that could be the start of a preload link cut by a chunk boundary. */
function partialPreloadAtEnd(text: string): number {
  for (let length = Math.min(PRELOAD.length - 1, text.length); length > 0; length -= 1)
    if (PRELOAD.startsWith(text.slice(-length))) return length;
  return 0;
}

/**
 * Remix's `<Scripts>` preloads every module of the page at the browser's high priority, where
 * 20-odd requests compete with the stylesheet and the main image for a slow phone's bandwidth;
 * the page is complete HTML and needs none of them to paint. Remix passes no attributes to those
 * links, so the rendered stream marks them `fetchpriority="low"`: the stylesheet and the main
 * image go first, the scripts follow, and hydration still starts as soon as they are in.
 */
export function lowPriorityModulePreloads(): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = (held + decoder.write(chunk)).replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD);
      const hold = partialPreloadAtEnd(text);
      held = text.slice(text.length - hold);
      callback(null, text.slice(0, text.length - hold));
    },
    flush(callback) {
      callback(null, held + decoder.end());
    },
  });
}
