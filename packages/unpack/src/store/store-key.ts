import { createHash } from 'node:crypto';
import type { ArchiveFormat } from '@goalhost/archive';
import { normalizeList } from '@goalhost/api';
import type { UnpackSettings } from '../unpacker';

/**
 * The key of an archive's tree: its SHA-256 and every setting that changes what extracting it
 * into an empty directory leaves (the reader, entry selection, file mappers, name encoding,
 * permissions, the umask new files get their mode from, and the size limit that may refuse it).
 */
export function storeKey(archiveSha256: string, format: ArchiveFormat, settings: UnpackSettings): string {
  const described = {
    store: 1,
    archive: archiveSha256,
    format,
    includes: normalizeList(settings.includes),
    excludes: normalizeList(settings.excludes),
    encoding: settings.encoding ?? null,
    ignorePermissions: !!settings.ignorePermissions,
    umask: settings.umask ?? process.umask(),
    maxSize: settings.maxSize ?? null,
    fileMappers: (settings.fileMappers ?? []).map((m) => [m.className, m.configuration ?? null]),
  };
  return createHash('sha256').update(JSON.stringify(described)).digest('hex');
}
