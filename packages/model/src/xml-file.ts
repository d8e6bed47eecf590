import { readFileSync, statSync, type Stats } from 'node:fs';

/**
 * Bounds on the XML files goalhost reads whole into memory. A device (`-f /dev/zero`), a FIFO
 * or a huge file would otherwise be read until memory runs out; real ones are far smaller (the
 * largest POMs and settings files seen are a few hundred kilobytes, plugin descriptors about
 * one megabyte, settings-security.xml a few lines). The element tree costs up to about 25
 * times the text (60 MiB of `<q>v</q>` took 1.5 GB), hence 16 MiB rather than more.
 */
const MiB = 1024 * 1024;
export const XML_FILE_LIMITS = {
  pom: 16 * MiB,
  settings: 16 * MiB,
  settingsSecurity: 1 * MiB,
  pluginDescriptor: 16 * MiB,
} as const;

export class XmlFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlFileError';
  }
}

function kindOf(stat: Stats): string {
  if (stat.isDirectory()) return 'a directory';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isSocket()) return 'a socket';
  return 'not a regular file';
}


/**
 * Why a file of these stats is not read as XML (`is not a regular file (a FIFO)`, `is 80.0 MiB
 * …, more than the 64 MiB goalhost reads`), or undefined when it may be.
 */
export function unreadableXmlReason(stat: Stats, limit: number): string | undefined {
  if (!stat.isFile()) return `is not a regular file (${kindOf(stat)}); goalhost reads XML only from regular files`;
  if (stat.size > limit) {
    return `is ${(stat.size / MiB).toFixed(1)} MiB (${stat.size} bytes), more than the ${limit / MiB} MiB goalhost reads from such a file`;
  }
  return undefined;
}

/**
 * The text of an XML input that must be a regular file within `limit` bytes; otherwise throws
 * XmlFileError: `<what> <file> <reason>`, e.g. `The POM file /dev/zero is not a regular file …`.
 * Errors of the stat itself (missing file, permission) are thrown as they are.
 */
export function readXmlFile(file: string, what: string, limit: number): string {
  const reason = unreadableXmlReason(statSync(file), limit);
  if (reason) throw new XmlFileError(`${what} ${file} ${reason}`);
  return readFileSync(file, 'utf8');
}
