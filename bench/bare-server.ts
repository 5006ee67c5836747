import { readFileSync } from "node:fs";
import { createServer } from "node:http";

/**
 * The physical limit for given bytes: a bare node:http server answering each recorded path with
 * the very bytes the app sent for it, headers (security headers, ETag, request id) and body. Started by bench/run.ts with a
 * JSON file of recordings; prints its port.
 */
type Recording = { path: string; status: number; headers: Record<string, string>; body: string };

const recordings = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as Recording[];
const answers = new Map(
  recordings.map((recording) => {
    const body = Buffer.from(recording.body, "base64");
    return [
      recording.path,
      {
        status: recording.status,
        headers: { ...recording.headers, "content-length": String(body.length) },
        body,
      },
    ];
  }),
);

const server = createServer((req, res) => {
  const answer = answers.get(req.url ?? "");
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(typeof address === "object" && address ? address.port : 0);
});
