// The part of busboy 1.x's public interface (its README) that app/utils/multipart.server.ts uses.
// busboy ships no types and @types/busboy is not installed; when it is, this file goes
// (docs/decisions/0045-one-multipart-parser.md).
declare module "busboy" {
  import type { IncomingHttpHeaders } from "node:http";
  import type { Readable, Writable } from "node:stream";

  namespace busboy {
    interface Limits {
      fieldNameSize?: number;
      fieldSize?: number;
      fields?: number;
      fileSize?: number;
      files?: number;
      parts?: number;
      headerPairs?: number;
    }

    interface Config {
      headers: IncomingHttpHeaders;
      defParamCharset?: string;
      preservePath?: boolean;
      limits?: Limits;
    }

    interface FileInfo {
      /** Undefined for a part busboy takes as a file without a `filename` (application/octet-stream). */
      filename: string | undefined;
      encoding: string;
      mimeType: string;
    }

    interface FieldInfo {
      nameTruncated: boolean;
      valueTruncated: boolean;
      encoding: string;
      mimeType: string;
    }

    /** A file part's bytes; `truncated` once `limits.fileSize` cut it (it emits "limit" then). */
    interface FileStream extends Readable {
      truncated: boolean;
    }

    interface Busboy extends Writable {
      on(
        event: "file",
        listener: (name: string | undefined, stream: FileStream, info: FileInfo) => void,
      ): this;
      on(event: "field", listener: (name: string | undefined, value: string, info: FieldInfo) => void): this;
      on(event: "partsLimit" | "filesLimit" | "fieldsLimit" | "close" | "finish", listener: () => void): this;
      on(event: "error", listener: (error: Error) => void): this;
    }
  }

  function busboy(config: busboy.Config): busboy.Busboy;
  export = busboy;
}
