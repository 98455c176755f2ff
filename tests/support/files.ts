import { deflateSync } from "node:zlib";

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real, decodable PNG of one colour, optionally padded (in an ignored chunk) to exactly `totalBytes`. */
export function pngFile(
  options: { width?: number; height?: number; rgb?: [number, number, number]; totalBytes?: number } = {},
) {
  const { width = 8, height = 8, rgb = [37, 83, 230] } = options;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
  ];
  const end = chunk("IEND", Buffer.alloc(0));
  const size = parts.reduce((sum, part) => sum + part.length, 0) + end.length;
  if (options.totalBytes !== undefined) {
    const padding = options.totalBytes - size - 12;
    if (padding < 0) throw new Error("totalBytes is smaller than the image");
    parts.push(chunk("tEXt", Buffer.alloc(padding, 0x61)));
  }
  return Buffer.concat([...parts, end]);
}
