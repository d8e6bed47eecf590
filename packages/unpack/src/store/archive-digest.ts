import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { WorkerPool } from '@goalhost/archive';

/**
 * An archive's SHA-256, remembered in the store by the file's path and identity (size, mtime,
 * inode, ctime): a file that still has them has not been written since (ctime cannot be set
 * back), so a warm run reads no archive byte. An archive not known is hashed on `pool`'s threads.
 */
export async function archiveDigest(file: string, digestsDirectory: string, pool: WorkerPool): Promise<string> {
  const { identity, record, digest: known } = remembered(file, digestsDirectory);
  if (known !== undefined) return known;
  const digest = (await pool.facts([file], true)).digests;
  if (!/^[0-9a-f]{64}$/.test(digest) || /^0+$/.test(digest)) throw new Error(`${file} cannot be read`);
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

/** True when the store remembers `file`'s digest (no byte of it needs reading). */
export function knowsArchiveDigest(file: string, digestsDirectory: string): boolean {
  try {
    return remembered(file, digestsDirectory).digest !== undefined;
  } catch {
    return false;
  }
}

function remembered(
  file: string,
  digestsDirectory: string,
): { identity: string; record: string; digest: string | undefined } {
  const st = fs.statSync(file, { bigint: true });
  const identity = `${st.size} ${st.mtimeNs} ${st.ino} ${st.dev} ${st.ctimeNs}`;
  const record = path.join(digestsDirectory, createHash('sha256').update(path.resolve(file)).digest('hex'));
  const [kept, digest] = (readText(record) ?? '').split('\n');
  const known = kept === identity && /^[0-9a-f]{64}$/.test(digest ?? '') ? digest : undefined;
  return { identity, record, digest: known };
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
