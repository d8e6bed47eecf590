import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** A checksum algorithm as maven-resolver names it, with the file extension its checksums take. */
export interface ChecksumAlgorithm {
  /** `SHA-1`, `SHA-256`, `SHA-512`, `MD5`: the names the configuration uses. */
  readonly name: string;
  /** `sha1`, `sha256`, ...: the extension of its checksum files. */
  readonly extension: string;
  /** Node's name of the digest. */
  readonly digest: string;
}

/** The algorithms maven-resolver 1.9 provides, in the order its selector lists them. */
const KNOWN: readonly ChecksumAlgorithm[] = [
  { name: 'SHA-512', extension: 'sha512', digest: 'sha512' },
  { name: 'SHA-256', extension: 'sha256', digest: 'sha256' },
  { name: 'SHA-1', extension: 'sha1', digest: 'sha1' },
  { name: 'MD5', extension: 'md5', digest: 'md5' },
];

/** An algorithm name the configuration gives that maven-resolver does not provide. */
export class UnknownChecksumAlgorithmError extends Error {
  constructor(name: string, key: string) {
    super(
      `Unsupported checksum algorithm ${name}, supported ones are [${KNOWN.map((a) => a.name).join(', ')}] ` +
        `(in -D${key}: give a comma-separated list of these names)`,
    );
    this.name = 'UnknownChecksumAlgorithmError';
  }
}

/**
 * The algorithms of a comma-separated list, as maven-resolver's ConfigUtils and its checksum
 * selector read it: names trimmed, empty ones dropped, duplicates kept once, in the list's order;
 * names are case-sensitive.
 */
export function checksumAlgorithms(list: string, key: string): ChecksumAlgorithm[] {
  const names = [
    ...new Set(
      list
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n !== ''),
    ),
  ];
  return names.map((n) => {
    const algorithm = KNOWN.find((a) => a.name === n);
    if (!algorithm) throw new UnknownChecksumAlgorithmError(n, key);
    return algorithm;
  });
}

/** Lower-case hex checksums of `file`, by algorithm name (ChecksumAlgorithmHelper.calculate). */
export async function calculateChecksums(
  file: string,
  algorithms: readonly ChecksumAlgorithm[],
): Promise<Map<string, string>> {
  const hashes = algorithms.map((a) => createHash(a.digest));
  await new Promise<void>((resolve, reject) => {
    const stream = createReadStream(file);
    stream.on('data', (chunk) => {
      for (const h of hashes) h.update(chunk);
    });
    stream.on('error', reject);
    stream.on('end', resolve);
  });
  return new Map(algorithms.map((a, i) => [a.name, hashes[i].digest('hex')]));
}
