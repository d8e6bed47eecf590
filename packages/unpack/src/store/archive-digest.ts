import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * An archive's SHA-256, remembered in the store by the file's path and identity (size, mtime,
 * inode, ctime): a file that still has them has not been written since (ctime cannot be set
 * back), so a warm run reads no archive byte.
 */
export function archiveDigest(file: string, digestsDirectory: string): string {
  const st = fs.statSync(file, { bigint: true });
  const identity = `${st.size} ${st.mtimeNs} ${st.ino} ${st.dev} ${st.ctimeNs}`;
  const record = path.join(digestsDirectory, createHash('sha256').update(path.resolve(file)).digest('hex'));
  const known = readText(record);
  if (known !== undefined) {
    const [kept, digest] = known.split('\n');
    if (kept === identity && /^[0-9a-f]{64}$/.test(digest ?? '')) return digest;
  }
  const digest = sha256File(file);
  try {
    fs.mkdirSync(digestsDirectory, { recursive: true });
    const temp = `${record}.${process.pid}.tmp`;
    fs.writeFileSync(temp, `${identity}\n${digest}\n`);
    fs.renameSync(temp, record);
  } catch {
    // Only a cache: the next run hashes the archive again.
  }
  return digest;
}

export function sha256File(file: string): string {
  const hash = createHash('sha256');
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(1 << 20);
    for (;;) {
      const n = fs.readSync(fd, buffer, 0, buffer.length, null);
      if (n === 0) break;
      hash.update(buffer.subarray(0, n));
    }
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
