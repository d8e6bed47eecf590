import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  InputFileError,
  INPUT_KINDS,
  readInputFile,
  readPluginDescriptor,
  unreadableReason,
  type PluginDescriptor,
} from '@goalhost/model';

/** Where parsed descriptors are kept between runs (inside the installed CLI package). */
const CACHE_DIR = path.join(__dirname, '..', '.descriptor-cache');

interface CacheEntry {
  readonly file: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly descriptor: PluginDescriptor;
}

/**
 * Reads a plugin.xml, reusing the descriptor parsed by an earlier run while the file keeps its
 * size and modification time. The XML stays the source of truth: any change to it, or a cache
 * that cannot be read or written, means parsing the XML again (start-up cost of every run).
 */
export function readDescriptorCached(file: string, text: () => string): PluginDescriptor {
  const stat = fs.statSync(file);
  // Bounded before anything is parsed: help:describe of a huge descriptor ran out of memory.
  const unreadable = unreadableReason(stat, INPUT_KINDS.pluginDescriptor);
  if (unreadable) throw new InputFileError(file, 'The plugin descriptor', unreadable);
  const cacheFile = path.join(CACHE_DIR, `${file.replace(/[^A-Za-z0-9._-]+/g, '_')}.json`);
  try {
    const entry = JSON.parse(readInputFile(cacheFile, 'The descriptor cache', INPUT_KINDS.cache)) as CacheEntry;
    if (entry.file === file && entry.size === stat.size && entry.mtimeMs === stat.mtimeMs) return entry.descriptor;
  } catch {
    // No usable cache entry: parse below.
  }
  const descriptor = readPluginDescriptor(text(), file);
  try {
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    fs.writeFileSync(
      tmp,
      JSON.stringify({ file, size: stat.size, mtimeMs: stat.mtimeMs, descriptor } satisfies CacheEntry),
    );
    fs.renameSync(tmp, cacheFile);
  } catch {
    // A read-only installation simply parses every time.
  }
  return descriptor;
}
