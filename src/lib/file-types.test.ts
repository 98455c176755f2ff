import { describe, expect, it } from "vitest";
import {
  MAX_DOWNLOADABLE_BYTES,
  MAX_IMAGE_BYTES,
  downloadableMimeTypeOf,
  downloadableUploadProblem,
  imageMimeTypeOf,
  imageUploadProblem,
  uploadMessages,
} from "~/lib/file-types";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));

const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0]);
const GIF = bytes("GIF89a");
const WEBP = bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 ");
const SVG = bytes('<svg xmlns="http://www.w3.org/2000/svg">');
const HTML = bytes("<!DOCTYPE html><html>");
const PDF = bytes("%PDF-1.7\n");
const ZIP = bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0]);
const OLE = bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const MP3_ID3 = bytes("ID3", [4, 0, 0]);
const MP3_FRAME = bytes([0xff, 0xfb, 0x90, 0x64]);
const MP4 = bytes([0, 0, 0, 0x20], "ftypisom");

describe("image uploads", () => {
  it("accepts one PNG, JPEG, GIF or WebP up to exactly 2 MB", () => {
    for (const type of ["image/png", "image/jpeg", "image/gif", "image/webp"]) {
      expect(imageUploadProblem([{ name: "a", size: MAX_IMAGE_BYTES, type }])).toBeNull();
    }
  });

  it("refuses one byte over 2 MB, other types, SVG and several files", () => {
    expect(imageUploadProblem([{ name: "a.png", size: 2_097_153, type: "image/png" }])).toBe(
      "File size must be under 2MB",
    );
    expect(imageUploadProblem([{ name: "a.svg", size: 10, type: "image/svg+xml" }])).toBe(uploadMessages.imagesOnly);
    expect(imageUploadProblem([{ name: "a.pdf", size: 10, type: "application/pdf" }])).toBe(uploadMessages.imagesOnly);
    const png = { name: "a.png", size: 10, type: "image/png" };
    expect(imageUploadProblem([png, png])).toBe(uploadMessages.oneFile);
  });

  it("knows real images by their bytes and nothing else", () => {
    expect(imageMimeTypeOf(PNG)).toBe("image/png");
    expect(imageMimeTypeOf(JPEG)).toBe("image/jpeg");
    expect(imageMimeTypeOf(GIF)).toBe("image/gif");
    expect(imageMimeTypeOf(WEBP)).toBe("image/webp");
    for (const other of [SVG, HTML, PDF, ZIP, new Uint8Array()]) expect(imageMimeTypeOf(other)).toBeNull();
  });
});

describe("downloadable uploads", () => {
  it("accepts the spec's types by extension, with the types browsers report, up to exactly 10 MB", () => {
    const accepted = [
      { name: "book.pdf", type: "application/pdf" },
      { name: "a.DOCX", type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
      { name: "a.xls", type: "application/vnd.ms-excel" },
      { name: "a.pptx", type: "" },
      { name: "a.mp3", type: "audio/mpeg" },
      { name: "a.mp4", type: "video/mp4" },
      { name: "a.zip", type: "application/x-zip-compressed" },
      { name: "a.epub", type: "application/epub+zip" },
    ];
    for (const file of accepted) {
      expect(downloadableUploadProblem([{ ...file, size: MAX_DOWNLOADABLE_BYTES }])).toBeNull();
    }
  });

  it("refuses one byte over 10 MB, unknown extensions and mismatched types", () => {
    expect(downloadableUploadProblem([{ name: "a.pdf", size: 10_485_761, type: "application/pdf" }])).toBe(
      "File size must be under 10MB",
    );
    expect(downloadableUploadProblem([{ name: "a.exe", size: 1, type: "application/x-msdownload" }])).toBe(
      uploadMessages.downloadablesOnly,
    );
    expect(downloadableUploadProblem([{ name: "a.pdf", size: 1, type: "text/html" }])).toBe(
      uploadMessages.downloadablesOnly,
    );
  });

  it("records the extension's type only when the bytes are that kind of file", () => {
    expect(downloadableMimeTypeOf("a.pdf", PDF)).toBe("application/pdf");
    expect(downloadableMimeTypeOf("a.docx", ZIP)).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    expect(downloadableMimeTypeOf("a.ppt", OLE)).toBe("application/vnd.ms-powerpoint");
    expect(downloadableMimeTypeOf("a.mp3", MP3_ID3)).toBe("audio/mpeg");
    expect(downloadableMimeTypeOf("a.mp3", MP3_FRAME)).toBe("audio/mpeg");
    expect(downloadableMimeTypeOf("a.mp4", MP4)).toBe("video/mp4");
    expect(downloadableMimeTypeOf("a.pdf", HTML)).toBeNull();
    expect(downloadableMimeTypeOf("a.docx", PDF)).toBeNull();
    expect(downloadableMimeTypeOf("a.exe", ZIP)).toBeNull();
  });
});
