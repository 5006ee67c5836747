import type { IncomingHttpHeaders } from "node:http";
import type { Readable } from "node:stream";
import busboy from "busboy";
import { MESSAGES } from "~/domain/messages";
import { badRequest } from "~/services/errors";

/**
 * The one reader of multipart/form-data bodies, for the `/api` uploads and the page forms that
 * take a file alike (docs/decisions/0045-one-multipart-parser.md). It is busboy, the parser multer
 * used, so a file name is read as a quoted string whatever it holds (`";env;"`, `"my cv; final.pdf"`).
 */

/** How much of a body is read. The counts are busboy's: over one, the rest of its kind is skipped. */
export type MultipartLimits = {
  /** Bytes of a text field kept; a longer one is cut there and marked `truncated`. */
  fieldBytes: number;
  /** Bytes of a file kept; a longer one is cut there and marked `truncated`, the rest read and dropped. */
  fileBytes: number;
  files?: number;
  fields?: number;
  parts?: number;
};

export type MultipartField = { name: string; value: string; truncated: boolean };
type MultipartFile = { field: string; fileName: string; bytes: Uint8Array; truncated: boolean };

export type MultipartBody = {
  /** Text fields in the order sent. */
  fields: MultipartField[];
  /** Files with a name, in the order sent: an empty file input (`filename=""`) is no file. */
  files: MultipartFile[];
  /** The first count of `limits` the body went over, if any. */
  overLimit: "files" | "fields" | "parts" | undefined;
};

/**
 * Browsers send `"`, CR and LF in field and file names as %22, %0D and %0A (the HTML standard's
 * multipart serialisation); only those three are reversed, so a name like "50%.pdf" stays itself.
 */
function decodeFormDataName(name: string): string {
  return name.replace(/%0A|%0D|%22/gi, (escape) => {
    const code = escape.toUpperCase();
    return code === "%0A" ? "\n" : code === "%0D" ? "\r" : '"';
  });
}

const isMultipartFormData = (type: string | undefined) =>
  /^multipart\/form-data\s*(;|$)/i.test(type?.trim() ?? "");

/**
 * Reads a multipart/form-data body: a request stream (the API) or the bytes already read (a page
 * post, decision 0011). A body that is not well-formed multipart, or ends before its closing
 * boundary, or has a part without a field name, is refused with a 400 `AppError` saying so; a
 * failing stream (the client went away) rejects with its own error. Names are read as UTF-8.
 */
export function readMultipart(
  headers: IncomingHttpHeaders,
  body: Readable | Uint8Array,
  limits: MultipartLimits,
): Promise<MultipartBody> {
  const malformed = () => badRequest(MESSAGES.generic.malformedUpload);
  return new Promise((resolve, reject) => {
    const contentType = headers["content-type"];
    let parser: busboy.Busboy | undefined;
    let settled = false;
    // A refusal is answered once the rest of the request is read and dropped: answered while the
    // client still sends, it can see its connection cut instead of the answer (decision 0011).
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      if (body instanceof Uint8Array || body.readableEnded || body.destroyed) return reject(error);
      if (parser) body.unpipe(parser);
      body.once("end", () => reject(error));
      body.once("close", () => reject(error));
      body.resume();
    };
    try {
      if (!isMultipartFormData(contentType)) throw malformed();
      parser = busboy({
        headers: { "content-type": contentType },
        defParamCharset: "utf8",
        limits: {
          fieldSize: limits.fieldBytes,
          fileSize: limits.fileBytes,
          files: limits.files,
          fields: limits.fields,
          parts: limits.parts,
        },
      });
    } catch {
      // No boundary, or a content type busboy cannot read: nothing of the body can be.
      return fail(malformed());
    }

    const fields: MultipartField[] = [];
    const files: MultipartFile[] = [];
    const filesRead: Promise<void>[] = [];
    let overLimit: MultipartBody["overLimit"];

    parser.on("field", (name, value, info) => {
      if (name === undefined) return fail(malformed());
      fields.push({ name: decodeFormDataName(name), value, truncated: info.valueTruncated });
    });
    parser.on("file", (name, stream, info) => {
      const chunks: Buffer[] = [];
      filesRead.push(
        new Promise<void>((done) => {
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("error", () => {
            fail(malformed());
            done();
          });
          stream.on("end", () => {
            if (name !== undefined && info.filename)
              files.push({
                field: decodeFormDataName(name),
                fileName: decodeFormDataName(info.filename),
                bytes: Buffer.concat(chunks),
                truncated: stream.truncated === true,
              });
            done();
          });
        }),
      );
      if (name === undefined) fail(malformed());
    });
    parser.on("filesLimit", () => (overLimit ??= "files"));
    parser.on("fieldsLimit", () => (overLimit ??= "fields"));
    parser.on("partsLimit", () => (overLimit ??= "parts"));
    parser.on("error", () => fail(malformed()));
    parser.on("close", () => {
      void Promise.all(filesRead).then(() => {
        if (settled) return;
        settled = true;
        resolve({ fields, files, overLimit });
      });
    });

    if (body instanceof Uint8Array) return void parser.end(body);
    body.on("error", (error) => fail(error));
    body.on("close", () => {
      if (!body.readableEnded) fail(new Error("The client closed the request before sending all of it."));
    });
    body.pipe(parser);
  });
}
