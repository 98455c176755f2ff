const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");
const MAX_HEADER_BYTES = 16 * 1024;

export type PartHeaders = { name: string | null; contentType: string | null };

export class MalformedMultipartError extends Error {}

export function multipartBoundary(contentType: string | undefined): string | null {
  const match = /^multipart\/form-data;.*\bboundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? "");
  return match?.[1] ?? match?.[2] ?? null;
}

/**
 * Streams the first part of a multipart/form-data body (the uploadthing clients send one part, "file"),
 * so the ingest can count and store bytes as they arrive instead of buffering a whole upload.
 */
export class FirstPartParser {
  private buffer: Buffer = Buffer.alloc(0);
  private state: "preamble" | "headers" | "body" | "done" = "preamble";
  private readonly opening: Buffer;
  private readonly delimiter: Buffer;
  headers: PartHeaders | null = null;

  constructor(boundary: string) {
    this.opening = Buffer.from(`--${boundary}`);
    this.delimiter = Buffer.concat([CRLF, this.opening]);
  }

  get isComplete(): boolean {
    return this.state === "done";
  }

  /** Feeds a chunk of the body; returns the part's content bytes it completed. */
  push(chunk: Buffer): Buffer[] {
    if (this.state === "done") return [];
    this.buffer = this.buffer.length > 0 ? Buffer.concat([this.buffer, chunk]) : chunk;
    const content: Buffer[] = [];

    if (this.state === "preamble") {
      const at = this.buffer.indexOf(this.opening);
      if (at < 0) {
        if (this.buffer.length > MAX_HEADER_BYTES) throw new MalformedMultipartError("No multipart boundary");
        return content;
      }
      this.buffer = this.buffer.subarray(at + this.opening.length);
      this.state = "headers";
    }

    if (this.state === "headers") {
      const at = this.buffer.indexOf(HEADER_END);
      if (at < 0) {
        if (this.buffer.length > MAX_HEADER_BYTES) throw new MalformedMultipartError("Part headers too long");
        return content;
      }
      this.headers = parsePartHeaders(this.buffer.subarray(0, at).toString("latin1"));
      this.buffer = this.buffer.subarray(at + HEADER_END.length);
      this.state = "body";
    }

    const end = this.buffer.indexOf(this.delimiter);
    if (end >= 0) {
      content.push(this.buffer.subarray(0, end));
      this.buffer = Buffer.alloc(0);
      this.state = "done";
    } else {
      // Hold back what could be the start of a delimiter split across chunks.
      const safe = this.buffer.length - (this.delimiter.length - 1);
      if (safe > 0) {
        content.push(this.buffer.subarray(0, safe));
        this.buffer = this.buffer.subarray(safe);
      }
    }
    return content.filter((piece) => piece.length > 0);
  }
}

function parsePartHeaders(block: string): PartHeaders {
  const headers: PartHeaders = { name: null, contentType: null };
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (field === "content-disposition") headers.name = /\bname="([^"]*)"/i.exec(value)?.[1] ?? null;
    if (field === "content-type") headers.contentType = value.toLowerCase();
  }
  return headers;
}
