import { request } from "node:http";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

/** What a phone's browser sends: compressed answers welcome. */
const BROWSER_HEADERS = {
  "user-agent":
    "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
  "accept-encoding": "gzip, deflate, br, zstd",
  "accept-language": "en-IN,en;q=0.9",
};

const headersFor = (target: string) => ({
  ...BROWSER_HEADERS,
  accept: target.startsWith("/api/") ? "application/json" : "text/html,application/xhtml+xml,*/*;q=0.8",
});

export type Recorded = { path: string; status: number; headers: Record<string, string>; body: Buffer };

/** Headers Node writes itself for each response (or per connection), so never replayed. */
const PER_CONNECTION = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

/**
 * One answer exactly as it came over the wire: status, every header the app sent (its security
 * headers are part of the bytes a visitor receives) and the encoded body.
 */
export function record(baseUrl: string, path: string, extra: Record<string, string> = {}): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { headers: { ...headersFor(path), ...extra } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers))
          if (typeof value === "string" && !PER_CONNECTION.has(name)) headers[name] = value;
        resolve({ path, status: res.statusCode!, headers, body: Buffer.concat(chunks) });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

export type LoadResult = {
  rps: number;
  p99: number;
  p50: number;
  requests: number;
  errors: number;
  non2xx: number;
  bytesPerRequest: number;
};

/** autocannon with 20 connections for `seconds` against one address (`extra`: say a session cookie). */
export async function load(
  url: string,
  path: string,
  seconds: number,
  extra: Record<string, string> = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url: url + path,
    connections: 20,
    duration: seconds,
    headers: { ...headersFor(path), ...extra },
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    p50: result.latency.p50,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytesPerRequest: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
  };
}

/** Resident memory of a process, in MB (Linux). */
function rssMegabytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : 0;
}

/** Samples a process's RSS every 100 ms until stopped; answers the peak. */
export function watchRss(pid: number) {
  let peak = rssMegabytes(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMegabytes(pid));
    } catch {
      // The process has ended.
    }
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}
