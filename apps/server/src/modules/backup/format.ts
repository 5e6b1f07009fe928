import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { SecretBox } from '../../platform/security/crypto.ts';

/**
 * The backup file (CONTRACTS §13), one file, encrypted and authenticated as a whole:
 *
 *   "SEPARBAK"  u32 (big-endian) header length  header (JSON, plain)  ciphertext  GCM tag (16 bytes)
 *
 * The header says the format's version, the cipher, the compression and this file's salt and IV;
 * it names nothing of the shop and is authenticated with the rest (GCM's additional data). The
 * ciphertext is AES-256-GCM of the gzip of the payload (JSON lines, `payload.ts`), under a key of
 * this file alone: HMAC-SHA256 of the shop's secret key over the salt (`SecretBox.mac`), so the
 * secret key itself never leaves the box. Nothing of the payload is trusted, or written anywhere,
 * before the whole file has been read and its tag checked (`verifyBackup`).
 */
export const BACKUP_MAGIC = Buffer.from('SEPARBAK', 'latin1');
export const BACKUP_FORMAT = 1;
const TAG_BYTES = 16;
const MAX_HEADER_BYTES = 4096;

export interface BackupHeader {
  format: number;
  cipher: 'aes-256-gcm';
  compression: 'gzip';
  /** The key is HMAC-SHA256(secret key, "backup" NUL salt): one key a file. */
  kdf: 'separ-box-mac';
  salt: string;
  iv: string;
  createdAt: string;
}

/** The file is not a backup of this shop's key, or it was changed: nothing of it may be used. */
export class BackupUnreadable extends Error {}

function fileKey(box: SecretBox, salt: string): Buffer {
  return Buffer.from(box.mac('backup', salt), 'base64url');
}

/**
 * Writes `lines` (the payload) to `file`, compressed then encrypted, streaming: only a chunk at a
 * time is held. The file appears whole or not at all (a temporary name, then a rename), readable by
 * its owner only.
 */
export async function writeBackupFile(
  file: string,
  box: SecretBox,
  createdAt: string,
  lines: AsyncIterable<string>,
): Promise<number> {
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    cipher: 'aes-256-gcm',
    compression: 'gzip',
    kdf: 'separ-box-mac',
    salt: randomBytes(16).toString('base64url'),
    iv: randomBytes(12).toString('base64url'),
    createdAt,
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(headerBytes.length);
  const cipher = createCipheriv('aes-256-gcm', fileKey(box, header.salt), Buffer.from(header.iv, 'base64url'));
  cipher.setAAD(Buffer.concat([BACKUP_MAGIC, length, headerBytes]));
  const partial = `${file}.partial`;
  const out = createWriteStream(partial, { mode: 0o600 });
  try {
    out.write(Buffer.concat([BACKUP_MAGIC, length, headerBytes]));
    await pipeline(
      async function* () {
        for await (const line of lines) yield Buffer.from(`${line}\n`, 'utf8');
      },
      createGzip({ level: 6 }),
      cipher,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) yield chunk;
        yield cipher.getAuthTag();
      },
      out,
    );
    const handle = await open(partial, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, file);
    return out.bytesWritten;
  } catch (error) {
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

interface OpenedFile {
  header: BackupHeader;
  aad: Buffer;
  start: number;
  end: number;
  tag: Buffer;
}

async function openFile(file: string): Promise<OpenedFile> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, BACKUP_MAGIC.length + 4 + MAX_HEADER_BYTES));
    await handle.read(head, 0, head.length, 0);
    if (head.length < BACKUP_MAGIC.length + 4 || !head.subarray(0, BACKUP_MAGIC.length).equals(BACKUP_MAGIC))
      throw new BackupUnreadable('This is not a Separ backup file.');
    const headerLength = head.readUInt32BE(BACKUP_MAGIC.length);
    const start = BACKUP_MAGIC.length + 4 + headerLength;
    if (headerLength > MAX_HEADER_BYTES || start + TAG_BYTES >= size)
      throw new BackupUnreadable('This backup file is cut short or damaged.');
    let header: BackupHeader;
    try {
      header = JSON.parse(head.subarray(BACKUP_MAGIC.length + 4, start).toString('utf8')) as BackupHeader;
    } catch {
      throw new BackupUnreadable('This backup file is damaged (its header cannot be read).');
    }
    if (header.format !== BACKUP_FORMAT)
      throw new BackupUnreadable(
        `This backup file is of format ${String(header.format)}; this Separ reads format ${BACKUP_FORMAT}.`,
      );
    if (header.cipher !== 'aes-256-gcm' || header.compression !== 'gzip' || header.kdf !== 'separ-box-mac')
      throw new BackupUnreadable('This backup file names a cipher or compression this Separ does not use.');
    const tag = Buffer.alloc(TAG_BYTES);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
    return { header, aad: head.subarray(0, start), start, end: size - TAG_BYTES, tag };
  } finally {
    await handle.close();
  }
}

const REFUSED = "This backup was not made under this shop's secret key, or it was changed since: nothing was restored.";

function decipherOf(box: SecretBox, opened: OpenedFile) {
  const { header } = opened;
  const iv = Buffer.from(header.iv, 'base64url');
  if (iv.length !== 12 || Buffer.from(header.salt, 'base64url').length !== 16) throw new BackupUnreadable(REFUSED);
  const decipher = createDecipheriv('aes-256-gcm', fileKey(box, header.salt), iv);
  decipher.setAAD(opened.aad);
  decipher.setAuthTag(opened.tag);
  return decipher;
}

function ciphertext(file: string, opened: OpenedFile): Readable {
  // createReadStream's `end` is inclusive (openFile made sure the range holds a byte at least).
  return createReadStream(file, { start: opened.start, end: opened.end - 1 });
}

/**
 * Reads the whole file and checks its tag: throws BackupUnreadable for a file of another key, or
 * changed by a single byte anywhere (header, body or tag). Holds nothing of it in memory.
 */
export async function verifyBackup(file: string, box: SecretBox): Promise<BackupHeader> {
  const opened = await openFile(file);
  const decipher = decipherOf(box, opened);
  try {
    await pipeline(ciphertext(file, opened), decipher, async (plain: AsyncIterable<Buffer>) => {
      for await (const chunk of plain) void chunk;
    });
  } catch {
    throw new BackupUnreadable(REFUSED);
  }
  return opened.header;
}

/**
 * The payload's lines, decrypted and decompressed as they are read. Call only after
 * `verifyBackup`: the tag is checked again at the end, and a file changed in between throws then
 * (the caller's transaction rolls back).
 */
export async function* backupLines(file: string, box: SecretBox): AsyncGenerator<string> {
  const opened = await openFile(file);
  const read = ciphertext(file, opened);
  const decipher = decipherOf(box, opened);
  const source = createGunzip();
  // Any stage's failure (a changed byte, the tag) ends the reading with it.
  read.on('error', (error) => source.destroy(error));
  decipher.on('error', (error) => source.destroy(error));
  read.pipe(decipher).pipe(source);
  const text = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      rest += text.write(chunk);
      let newline = rest.indexOf('\n');
      while (newline >= 0) {
        yield rest.slice(0, newline);
        rest = rest.slice(newline + 1);
        newline = rest.indexOf('\n');
      }
    }
  } catch (error) {
    throw error instanceof BackupUnreadable ? error : new BackupUnreadable(REFUSED);
  } finally {
    read.destroy();
    source.destroy();
  }
  rest += text.end();
  if (rest) yield rest;
}
