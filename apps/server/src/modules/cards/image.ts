/**
 * Receipt images (CONTRACTS §11): a PNG, JPEG or WebP by its bytes, never by its name or its
 * Content-Type, rewritten without the metadata a phone puts in a photo (where and when it was taken,
 * the device, the editing software) before it is stored. Small and strict on purpose: a file whose
 * structure does not read as its format is refused, not repaired. No kept pure-JS library strips all
 * three formats' text, EXIF, XMP and time records (exif-be-gone leaves PNG text chunks and JPEG
 * comments), so it is done here, chunk by chunk.
 */

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

/** What a check made of the bytes: the stripped image and its type, or why it is not one. */
export type CheckedImage = { ok: true; type: ImageType; bytes: Buffer } | { ok: false; reason: string };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type the first bytes say, or null: the magic numbers of PNG, JPEG (SOI + a marker) and WebP (RIFF….WEBP). */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  return null;
}

/** Checks the bytes as a PNG, JPEG or WebP and returns them without their metadata. */
export function checkReceiptImage(input: Uint8Array): CheckedImage {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const type = sniffImage(bytes);
  if (!type) return { ok: false, reason: 'not a PNG, JPEG or WebP image' };
  try {
    const stripped =
      type === 'image/png' ? stripPng(bytes) : type === 'image/jpeg' ? stripJpeg(bytes) : stripWebp(bytes);
    return { ok: true, type, bytes: stripped };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

class Malformed extends Error {}

/**
 * PNG: the critical chunks and the ancillary ones that change how the pixels look are kept; the
 * text (tEXt, zTXt, iTXt), EXIF (eXIf), time (tIME) and every other chunk are dropped.
 */
const PNG_KEPT = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'bKGD',
  'pHYs',
]);

export function stripPng(bytes: Buffer): Buffer {
  const kept: Buffer[] = [PNG_SIGNATURE];
  let at = 8;
  let first = true;
  let ended = false;
  let idat = false;
  while (at < bytes.length) {
    if (at + 12 > bytes.length) throw new Malformed('a PNG chunk runs past the end');
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) throw new Malformed('a PNG chunk has no valid type');
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) throw new Malformed('a PNG chunk runs past the end');
    if (first && (type !== 'IHDR' || length !== 13)) throw new Malformed('a PNG starts with its IHDR');
    first = false;
    if (type === 'IDAT') idat = true;
    if (PNG_KEPT.has(type)) kept.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') {
      ended = true;
      break;
    }
  }
  if (!ended || !idat) throw new Malformed('a PNG without image data or its end');
  return Buffer.concat(kept);
}

/**
 * JPEG: the segments that decode the picture are kept, and of the application segments only JFIF
 * (APP0), the colour profile (APP2 ICC_PROFILE) and Adobe's colour transform (APP14); EXIF and XMP
 * (APP1), IPTC (APP13), the rest of APPn and comments (COM) are dropped. The scans' data is copied as
 * it is; whatever follows the end of the image is dropped.
 */
export function stripJpeg(bytes: Buffer): Buffer {
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let at = 2;
  let frame = false;
  let scan = false;
  while (true) {
    if (at + 2 > bytes.length) throw new Malformed('a JPEG ends before its end marker');
    if (bytes[at] !== 0xff) throw new Malformed('a JPEG segment does not start with a marker');
    // Fill bytes (0xFF) may come before a marker.
    while (at + 1 < bytes.length && bytes[at + 1] === 0xff) at++;
    const marker = bytes[at + 1]!;
    if (marker === 0xd9) {
      if (!frame || !scan) throw new Malformed('a JPEG without a frame or a scan');
      kept.push(bytes.subarray(at, at + 2));
      return Buffer.concat(kept);
    }
    // Markers without a length (TEM, RSTn) between segments.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      kept.push(bytes.subarray(at, at + 2));
      at += 2;
      continue;
    }
    if (marker === 0x00 || marker === 0xd8) throw new Malformed('a JPEG marker out of place');
    if (at + 4 > bytes.length) throw new Malformed('a JPEG segment runs past the end');
    const length = bytes.readUInt16BE(at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) throw new Malformed('a JPEG segment runs past the end');
    const segment = bytes.subarray(at, end);
    const payload = bytes.subarray(at + 4, end);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) frame = true;
    if (marker >= 0xe0 && marker <= 0xef) {
      const keep =
        (marker === 0xe0 && payload.toString('latin1', 0, 5) === 'JFIF\0') ||
        (marker === 0xe2 && payload.toString('latin1', 0, 12) === 'ICC_PROFILE\0') ||
        (marker === 0xee && payload.toString('latin1', 0, 5) === 'Adobe');
      if (keep) kept.push(segment);
    } else if (marker !== 0xfe) {
      kept.push(segment);
    }
    at = end;
    if (marker === 0xda) {
      // Start of scan: the entropy-coded data runs to the next marker that is not a stuffed 0xFF00
      // or a restart marker.
      if (!frame) throw new Malformed('a JPEG scan before its frame');
      scan = true;
      const start = at;
      while (at + 1 < bytes.length) {
        if (bytes[at] === 0xff) {
          const next = bytes[at + 1]!;
          if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
        }
        at++;
      }
      if (at + 1 >= bytes.length) throw new Malformed('a JPEG ends inside its scan');
      kept.push(bytes.subarray(start, at));
    }
  }
}

/**
 * WebP: the EXIF and XMP chunks are dropped and VP8X's flags for them cleared; the picture's chunks
 * (VP8, VP8L, VP8X, ALPH, ANIM, ANMF, ICCP) are kept, and so is nothing else.
 */
const WEBP_KEPT = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);

export function stripWebp(bytes: Buffer): Buffer {
  const riffSize = bytes.readUInt32LE(4);
  if (riffSize + 8 > bytes.length || riffSize < 4) throw new Malformed('a WebP whose RIFF size is wrong');
  const kept: Buffer[] = [];
  let at = 12;
  const end = 8 + riffSize;
  let picture = false;
  while (at < end) {
    if (at + 8 > end) throw new Malformed('a WebP chunk runs past the end');
    const fourcc = bytes.toString('latin1', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const next = at + 8 + size + (size % 2);
    if (at + 8 + size > end) throw new Malformed('a WebP chunk runs past the end');
    if (fourcc === 'VP8 ' || fourcc === 'VP8L' || fourcc === 'ANMF') picture = true;
    if (WEBP_KEPT.has(fourcc)) {
      const chunk = Buffer.from(bytes.subarray(at, Math.min(next, end)));
      // VP8X's flags: 0x08 EXIF and 0x04 XMP are gone with their chunks.
      if (fourcc === 'VP8X' && size >= 1) chunk[8] = chunk[8]! & ~0x0c;
      kept.push(chunk);
    }
    at = next;
  }
  if (!picture) throw new Malformed('a WebP without a picture');
  const body = Buffer.concat(kept);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}
