import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childText, parseXml } from './xml';
import { xmlWellFormednessProblem } from './xml-well-formedness';
import { InputFileError, INPUT_KINDS, readInputFile } from './input-file';

/**
 * Maven's settings.xml password encryption (plexus-cipher + plexus-sec-dispatcher as shipped with
 * Maven 3.8.7), reimplemented on node:crypto and checked against values made by the real
 * `mvn --encrypt-master-password` / `mvn --encrypt-password`.
 *
 * A value is "encrypted" when it contains a `{...}` group; the group holds
 * base64(salt[8] | padLen[1] | AES-128-CBC ciphertext | padLen filler bytes), with key and IV taken
 * from SHA-256(passphrase UTF-8 bytes | salt). Server passwords use the clear master password as
 * passphrase; the master password itself uses the fixed passphrase `settings.security`.
 */

/** The passphrase the master password in settings-security.xml is encrypted with. */
export const MASTER_PASSWORD_PASSPHRASE = 'settings.security';

/** Base64 of at least 8 salt bytes, the pad byte and one 16-byte AES block (36 characters). */
const CIPHER_TEXT = /^(?:[A-Za-z0-9+/]{4}){8,}(?:[A-Za-z0-9+/]{4}|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2}==)$/;

/** A password or master password that cannot be decrypted; the message says which and why. */
export class MavenPasswordError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MavenPasswordError';
  }
}

// plexus-cipher searches `.*?[^\\]?\{(.*?[^\\])\}.*`: the first `{` followed by at least one character
// and a `}` not preceded by a backslash. Java's `.` stops at line terminators, hence the class.
const DECORATED = /\{([^\n\r\u0085\u2028\u2029]*?[^\\])\}/;

/** True when Maven would treat `value` as encrypted (it contains a `{...}` group). */
export function isEncryptedMavenPassword(value: string): boolean {
  return DECORATED.test(value);
}

/** The base64 text inside the `{...}` group, or undefined when `value` is not encrypted. */
export function undecorateMavenPassword(value: string): string | undefined {
  return DECORATED.exec(value)?.[1];
}

function keyAndIv(passphrase: string, salt: Buffer): { key: Buffer; iv: Buffer } {
  const digest = createHash('sha256').update(Buffer.from(passphrase, 'utf8')).update(salt).digest();
  return { key: digest.subarray(0, 16), iv: digest.subarray(16, 32) };
}

/**
 * Decrypts Maven's base64 cipher text (without braces) with `passphrase`. Throws a plain Error
 * describing the defect (callers add which value and which file it came from).
 */
export function decryptMavenCipherText(base64: string, passphrase: string): string {
  const all = decodeBase64LikePlexus(base64);
  if (all.length < 9)
    throw new Error(`the encrypted value is too short (${all.length} bytes after base64 decoding, at least 9 needed)`);
  const salt = all.subarray(0, 8);
  const padLen = all.readInt8(8);
  const end = all.length - padLen;
  if (padLen < 0 || end < 9)
    throw new Error('the encrypted value is malformed (its padding length byte is out of range)');
  const { key, iv } = keyAndIv(passphrase, salt);
  try {
    const decipher = createDecipheriv('aes-128-cbc', key, iv);
    return Buffer.concat([decipher.update(all.subarray(9, end)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('decryption failed (wrong master password, or the value is corrupt)');
  }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * plexus-cipher's base64 decoder (the commons-codec 1.3 algorithm), whose leniency differs from
 * Node's: characters outside the alphabet and `=` are dropped first, only whole groups of four are
 * decoded, and the result is sized from the unpadded length (so a missing `=` leaves zero bytes at
 * the end, which then fails decryption exactly as in Maven).
 */
function decodeBase64LikePlexus(text: string): Buffer {
  const kept = [...Buffer.from(text, 'utf8')].filter(
    (b) => b === 0x3d || (b < 0x80 && ALPHABET.includes(String.fromCharCode(b))),
  );
  if (kept.length === 0) return Buffer.alloc(0);
  const groups = Math.floor(kept.length / 4);
  let unpadded = kept.length;
  while (kept[unpadded - 1] === 0x3d) if (--unpadded === 0) return Buffer.alloc(0);
  const out = Buffer.alloc(unpadded - groups);
  const value = (b: number): number => (b === 0x3d ? -1 : ALPHABET.indexOf(String.fromCharCode(b)));
  let at = 0;
  const put = (v: number): void => {
    if (at >= out.length) throw new Error('the encrypted value is not valid base64');
    out[at++] = v & 0xff;
  };
  for (let g = 0; g < groups; g++) {
    const [c1, c2, c3, c4] = kept.slice(g * 4, g * 4 + 4);
    const b1 = value(c1);
    const b2 = value(c2);
    if (c3 !== 0x3d && c4 !== 0x3d) {
      const b3 = value(c3);
      put((b1 << 2) | (b2 >> 4));
      put(((b2 & 0xf) << 4) | ((b3 >> 2) & 0xf));
      put((b3 << 6) | value(c4));
    } else if (c3 === 0x3d) {
      put((b1 << 2) | (b2 >> 4));
    } else {
      put((b1 << 2) | (b2 >> 4));
      put(((b2 & 0xf) << 4) | ((value(c3) >> 2) & 0xf));
    }
    at = (g + 1) * 3;
  }
  return out;
}

/** Encrypts `clear` the way `mvn --encrypt-password` does and returns the decorated `{...}` form. */
export function encryptMavenPassword(
  clear: string,
  passphrase: string,
  random: (size: number) => Buffer = randomBytes,
): string {
  const salt = random(8);
  const { key, iv } = keyAndIv(passphrase, salt);
  const cipher = createCipheriv('aes-128-cbc', key, iv);
  const encrypted = Buffer.concat([cipher.update(Buffer.from(clear, 'utf8')), cipher.final()]);
  const padLen = 16 - ((8 + 1 + encrypted.length) % 16);
  return `{${Buffer.concat([salt, Buffer.from([padLen]), encrypted, random(padLen)]).toString('base64')}}`;
}

/** The master password entry found by following settings-security.xml and its relocations. */
export interface SettingsSecurity {
  /** The file the `<master>` was read from (the last one of the relocation chain). */
  readonly file: string;
  /** Every file read, in order, starting with the one asked for. */
  readonly chain: readonly string[];
  readonly master?: string;
}

// plexus-sec-dispatcher opens relocations with these schemes as URLs (case-insensitive prefix).
const URL_SCHEMES = ['http', 'https', 'dav', 'file', 'davs', 'webdav', 'webdavs', 'dav+http', 'dav+https'];

function relocationPath(location: string, from: string): string {
  const delim = location.indexOf('://');
  if (delim > 1) {
    const scheme = location.slice(0, delim).toLowerCase();
    if (scheme === 'file') return fileURLToPath(location);
    if (URL_SCHEMES.some((s) => scheme.startsWith(s))) {
      throw new MavenPasswordError(
        `${from} relocates the master password to ${location}, which goalhost cannot read (only file paths and file:// URLs are supported): ` +
          'copy that file locally and put its path in <relocation>.',
      );
    }
  }
  // Like the JVM, a relative relocation is relative to the directory the build was started from.
  return path.resolve(location);
}

/** Reads settings-security.xml, following `<relocation>` (recursively, as Maven does). */
export function readSettingsSecurity(file: string): SettingsSecurity {
  const chain: string[] = [];
  for (let current = path.resolve(file); ;) {
    if (chain.includes(current)) {
      throw new MavenPasswordError(
        `The <relocation> chain of ${chain[0]} loops back to ${current}: point <relocation> at the file holding <master>.`,
      );
    }
    chain.push(current);
    let source: string;
    const via = chain.length > 1 ? ` (the <relocation> of ${chain[chain.length - 2]})` : '';
    try {
      source = readInputFile(current, 'The master password file', INPUT_KINDS.settingsSecurity);
    } catch (e) {
      if (e instanceof InputFileError)
        throw new MavenPasswordError(`The master password file ${current}${via} ${e.reason}.`);
      const reason =
        (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : `cannot be read (${(e as Error).message})`;
      throw new MavenPasswordError(
        `The master password file ${current}${via} ${reason}: create it with \`mvn --encrypt-master-password\` ` +
          '(https://maven.apache.org/guides/mini/guide-encryption.html), or store the server password unencrypted.',
      );
    }
    // Maven's SecurityConfigurationXpp3Reader fails at MXParser's first problem: its message.
    const problem = xmlWellFormednessProblem(source);
    if (problem !== undefined) {
      throw new MavenPasswordError(
        `The master password file ${current}${via} is not well-formed XML: ${problem.trimEnd()}; fix the master password file.`,
      );
    }
    let root;
    try {
      root = parseXml(source, current);
    } catch (e) {
      throw new MavenPasswordError(`${(e as Error).message}: fix the master password file.`);
    }
    if (root.name !== 'settingsSecurity') {
      throw new MavenPasswordError(
        `${current} is not a settings-security.xml: its root element is <${root.name}>, expected <settingsSecurity>.`,
      );
    }
    const relocation = childText(root, 'relocation');
    if (relocation) {
      current = relocationPath(relocation, current);
      continue;
    }
    const master = childText(root, 'master');
    return { file: current, chain, ...(master ? { master } : {}) };
  }
}

/**
 * Decrypts settings.xml values with the master password of one settings-security.xml, read lazily
 * (only when an encrypted value is met) and once.
 */
export class SettingsDecrypter {
  private cached: { master: string; file: string } | undefined;

  constructor(readonly settingsSecurityFile: string) {}

  /**
   * The clear text of `value` (returned unchanged when it is not encrypted). `what` names the
   * value for error messages, e.g. `the password of server 'svn.example.com' in /home/u/.m2/settings.xml`.
   */
  decrypt(value: string, what: string): string {
    const bare = undecorateMavenPassword(value);
    if (bare === undefined) return value;
    const type = attributeType(bare);
    if (type !== undefined) {
      throw new MavenPasswordError(
        `Cannot decrypt ${what}: it names a custom decryptor (type=${type}), which goalhost does not provide; encrypt it with \`mvn --encrypt-password\` instead.`,
      );
    }
    const { master, file } = this.masterPassword(what);
    try {
      return decryptMavenCipherText(bare, master);
    } catch (e) {
      throw new MavenPasswordError(
        `Cannot decrypt ${what} with the master password of ${file}: ${(e as Error).message}. ` +
          'Encrypt the password again with `mvn --encrypt-password` under this master password.',
      );
    }
  }

  /**
   * `decrypt` as Maven's settings decrypter applies it: a value whose `{...}` group cannot be
   * cipher text (a plain password that happens to hold braces) fails to decrypt, is reported to
   * `onPlainText` and used as written. Cipher text that fails (wrong master password) still
   * throws, naming the fix.
   */
  decryptOrPlain(value: string, what: string, onPlainText: (message: string) => void): string {
    try {
      return this.decrypt(value, what);
    } catch (e) {
      const bare = undecorateMavenPassword(value);
      if (!(e instanceof MavenPasswordError) || bare === undefined || CIPHER_TEXT.test(bare)) throw e;
      onPlainText(
        `Failed to decrypt ${what}: its {...} group is not an encrypted value; the password is used as written`,
      );
      return value;
    }
  }

  private masterPassword(what: string): { master: string; file: string } {
    if (this.cached) return this.cached;
    const security = readSettingsSecurity(this.settingsSecurityFile);
    if (!security.master) {
      throw new MavenPasswordError(
        `Cannot decrypt ${what}: ${security.file} has no <master> element; add one made with \`mvn --encrypt-master-password\`.`,
      );
    }
    // Like plexus-cipher, a master without braces is still taken as base64 cipher text.
    const bare = undecorateMavenPassword(security.master) ?? security.master;
    try {
      this.cached = { master: decryptMavenCipherText(bare, MASTER_PASSWORD_PASSPHRASE), file: security.file };
    } catch (e) {
      throw new MavenPasswordError(
        `Cannot decrypt the master password in ${security.file}: ${(e as Error).message}. ` +
          'Make a new <master> value with `mvn --encrypt-master-password`.',
      );
    }
    return this.cached;
  }
}

/** plexus-sec-dispatcher's `[key=value,...]` prefix: the value of `type`, when present. */
function attributeType(bare: string): string | undefined {
  const start = bare.indexOf('[');
  const stop = bare.indexOf(']');
  if (start !== 0 || stop <= start) return undefined;
  for (const pair of bare.slice(1, stop).split(',')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === 'type') return pair.slice(eq + 1).trim();
  }
  return undefined;
}
