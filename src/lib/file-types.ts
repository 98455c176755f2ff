/**
 * What each upload route accepts (images and logos up to 2 MB, downloadable files up to 10 MB),
 * checked twice: by the browser-reported name, type and size before upload, and by the file's first bytes
 * after it, because a name and a type are only claims (an HTML page renamed .png claims image/png).
 */

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024; // 2,097,152
export const MAX_DOWNLOADABLE_BYTES = 10 * 1024 * 1024; // 10,485,760

export const uploadMessages = {
  notAuthenticated: "User not authenticated",
  imageTooLarge: "File size must be under 2MB",
  downloadableTooLarge: "File size must be under 10MB",
  imagesOnly: "Images only (PNG, JPG, GIF or WebP)",
  downloadablesOnly: "Only PDF, Word, Excel, PowerPoint, MP3, MP4, ZIP or EPUB files",
  oneFile: "Upload one file at a time",
} as const;

/** SVG is left out on purpose: it is a document that can carry scripts. */
export const IMAGE_MIME_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

type Magic = "png" | "jpeg" | "gif" | "webp" | "pdf" | "zip" | "ole" | "mp3" | "mp4";

const IMAGE_MIME_OF: Partial<Record<Magic, (typeof IMAGE_MIME_TYPES)[number]>> = {
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

const ZIP_MIME = "application/zip";
const OLE_MIME = "application/x-ole-storage";

/**
 * Downloadable files by extension: the MIME type we record, other types browsers report for it, and the
 * container its bytes must start with (Office Open XML and EPUB are ZIP files; legacy Office files are OLE).
 */
const DOWNLOADABLES: Record<string, { mimeType: string; aliases: string[]; magic: Magic }> = {
  pdf: { mimeType: "application/pdf", aliases: [], magic: "pdf" },
  doc: { mimeType: "application/msword", aliases: [OLE_MIME], magic: "ole" },
  docx: {
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    aliases: [ZIP_MIME],
    magic: "zip",
  },
  xls: { mimeType: "application/vnd.ms-excel", aliases: [OLE_MIME], magic: "ole" },
  xlsx: {
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    aliases: [ZIP_MIME],
    magic: "zip",
  },
  ppt: { mimeType: "application/vnd.ms-powerpoint", aliases: [OLE_MIME], magic: "ole" },
  pptx: {
    mimeType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    aliases: [ZIP_MIME],
    magic: "zip",
  },
  mp3: { mimeType: "audio/mpeg", aliases: ["audio/mp3"], magic: "mp3" },
  mp4: { mimeType: "video/mp4", aliases: [], magic: "mp4" },
  zip: { mimeType: ZIP_MIME, aliases: ["application/x-zip-compressed", "application/x-zip"], magic: "zip" },
  epub: { mimeType: "application/epub+zip", aliases: [ZIP_MIME], magic: "zip" },
};

/** For a file input's `accept`: the extensions downloadableFile takes. */
export const DOWNLOADABLE_ACCEPT = Object.keys(DOWNLOADABLES)
  .map((extension) => `.${extension}`)
  .join(",");

/** How many leading bytes the content checks need. */
export const SNIFF_BYTES = 16;

type ClaimedFile = { name: string; size: number; type: string };

/** The user-facing reason an image upload is refused before it starts, or null. */
export function imageUploadProblem(files: readonly ClaimedFile[]): string | null {
  if (files.length !== 1) return uploadMessages.oneFile;
  const [file] = files as [ClaimedFile];
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return uploadMessages.imagesOnly;
  if (file.size > MAX_IMAGE_BYTES) return uploadMessages.imageTooLarge;
  return null;
}

/** The user-facing reason a downloadable-file upload is refused before it starts, or null. */
export function downloadableUploadProblem(files: readonly ClaimedFile[]): string | null {
  if (files.length !== 1) return uploadMessages.oneFile;
  const [file] = files as [ClaimedFile];
  const rule = DOWNLOADABLES[extensionOf(file.name)];
  // Browsers report "" (or octet-stream) for types they do not know; the extension and the bytes decide then.
  const typeFits =
    !file.type ||
    file.type === "application/octet-stream" ||
    file.type === rule?.mimeType ||
    rule?.aliases.includes(file.type);
  if (!rule || !typeFits) return uploadMessages.downloadablesOnly;
  if (file.size > MAX_DOWNLOADABLE_BYTES) return uploadMessages.downloadableTooLarge;
  return null;
}

/** The image's real MIME type from its first bytes, or null when it is not a PNG, JPEG, GIF or WebP. */
export function imageMimeTypeOf(head: Uint8Array): string | null {
  const magic = magicOf(head);
  return (magic && IMAGE_MIME_OF[magic]) ?? null;
}

const EVIDENCE_MIME_OF: Partial<Record<Magic, string>> = {
  pdf: "application/pdf",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
};

/** A dispute evidence file's real MIME type from its first bytes (PayPal takes PDF, JPEG, PNG, GIF), else null. */
export function evidenceMimeTypeOf(head: Uint8Array): string | null {
  const magic = magicOf(head);
  return (magic && EVIDENCE_MIME_OF[magic]) ?? null;
}

/** The MIME type to record for a downloadable file whose bytes match its extension, else null. */
export function downloadableMimeTypeOf(name: string, head: Uint8Array): string | null {
  const rule = DOWNLOADABLES[extensionOf(name)];
  return rule && magicOf(head) === rule.magic ? rule.mimeType : null;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

function startsWith(head: Uint8Array, bytes: readonly number[], offset = 0): boolean {
  return bytes.every((byte, i) => head[offset + i] === byte);
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

function magicOf(head: Uint8Array): Magic | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(head, ascii("GIF87a")) || startsWith(head, ascii("GIF89a"))) return "gif";
  if (startsWith(head, ascii("RIFF")) && startsWith(head, ascii("WEBP"), 8)) return "webp";
  if (startsWith(head, ascii("%PDF-"))) return "pdf";
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return "zip";
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "ole";
  if (startsWith(head, ascii("ftyp"), 4)) return "mp4";
  // ID3 tag, or a bare MPEG audio frame (11 sync bits set).
  if (startsWith(head, ascii("ID3")) || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)) return "mp3";
  return null;
}

/** "2.4 MB", "12 KB": a file's size as buyers and sellers read it. */
export function formatFileSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
