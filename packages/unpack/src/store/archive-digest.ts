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
  const st = fs.statSync(file, { bigint: true });
  const identity = `${st.size} ${st.mtimeNs} ${st.ino} ${st.dev} ${st.ctimeNs}`;
  const record = path.join(digestsDirectory, createHash('sha256').update(path.resolve(file)).digest('hex'));
  const known = readText(record);
  if (known !== undefined) {
    const [kept, digest] = known.split('\n');
    if (kept === identity && /^[0-9a-f]{64}$/.test(digest ?? '')) return digest;
  }
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

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
