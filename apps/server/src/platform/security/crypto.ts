import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** scrypt cost parameters; stored with every hash so that they can change over time. */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...params, maxmem: 256 * params.N * params.r + 16 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** Hashes a password with scrypt: "scrypt$N$r$p$salt$hash" (base64url). */
export async function hashPassword(password: string, params: ScryptParams): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** The scrypt cost a stored hash was made with, or null for a malformed hash. */
export function storedParams(stored: string): ScryptParams | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  return [N, r, p].every((n) => Number.isInteger(n) && n > 0) ? { N, r, p } : null;
}

/** Checks a password against a stored hash in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const params = storedParams(stored);
  if (!params) return false;
  const parts = stored.split('$');
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  const actual = await scryptAsync(password, salt, params);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A random URL-safe token of 32 bytes. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a token, as stored in the database (the token itself never is). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';

/** A random password of Latin letters and digits (the product's password rule), easy to read aloud. */
export function randomPassword(length = 12): string {
  const alphabet = LETTERS + DIGITS;
  let password = '';
  while (password.length < length) password += alphabet[randomInt(alphabet.length)];
  // At least one digit and one letter, so it passes every client's rules.
  if (!/[0-9]/.test(password)) password = password.slice(0, -1) + DIGITS[randomInt(DIGITS.length)];
  if (!/[A-Za-z]/.test(password)) password = LETTERS[randomInt(LETTERS.length)] + password.slice(1);
  return password;
}

/** AES-256-GCM with a 32-byte key: "v1.iv.tag.ciphertext" (base64url). */
export class SecretBox {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('The secret key must be 32 bytes.');
    this.key = key;
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(
      '.',
    );
  }

  /** A MAC of a value for one purpose (a link that must work without logging in, for one account only). */
  mac(purpose: string, value: string): string {
    return createHmac('sha256', this.key).update(`${purpose}\u0000${value}`).digest('base64url');
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Not a sealed value.');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/**
 * The 32-byte secret key: SEPAR_SECRET_KEY (64 hex digits or base64 of 32 bytes), else a key file
 * generated once in the data directory with mode 0600.
 */
export function loadSecretKey(secretKey: string | null, dataDir: string): Buffer {
  if (secretKey) {
    const key = /^[0-9a-fA-F]{64}$/.test(secretKey) ? Buffer.from(secretKey, 'hex') : Buffer.from(secretKey, 'base64');
    if (key.length !== 32) throw new Error('SEPAR_SECRET_KEY must be 32 bytes: 64 hex digits or base64.');
    return key;
  }
  const file = join(dataDir, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process created it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  chmodSync(file, 0o600);
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  if (key.length !== 32) throw new Error(`The key file ${file} is damaged: it must hold 64 hex digits.`);
  return key;
}
