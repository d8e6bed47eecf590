import { redactUrl } from '@goalhost/model';
import type { RemoteRepository } from './remote-repository';

/** A checksum file holds a hex digest and perhaps a file name: anything longer is not one. */
export const CHECKSUM_MAX_BYTES = 512;

/**
 * The checksum files Maven 3.8.7's resolver (1.6, Maven2RepositoryLayout) looks for, in its
 * order, with the digest each holds: SHA-1, then MD5 only where there is no SHA-1. Asking for
 * more (.sha256, .sha512) costs a round trip per file against a repository without checksums.
 */
const CHECKSUMS = [
  ['sha1', 'sha1'],
  ['md5', 'md5'],
] as const;

/** The digests a download may be checked against (computed while it arrives). */
export const CHECKSUM_ALGORITHMS: readonly string[] = CHECKSUMS.map(([, algorithm]) => algorithm);

/** A checksum file's text, undefined when there is none, or why it could not be read (`code`: an HTTP status). */
export type ChecksumText = string | undefined | { readonly error: string; readonly code?: number };

/** A download to verify: where it came from, and its digest by algorithm. */
export interface Download {
  readonly url: string;
  readonly repository: RemoteRepository;
  /** `ignore`, `warn` or `fail` (any case), Maven's default `warn` when undefined. */
  readonly policy: string | undefined;
  readonly digest: (algorithm: string) => Promise<string>;
}

/** The checksum policy `fail` refused a download; the message is the resolver's. */
export class ChecksumFailure extends Error {}

/**
 * Maven's checksum handling of a download (BasicRepositoryConnector's trials with its checksum
 * policy): the first checksum file the repository has is compared; a mismatch on the first trial
 * is reported as a corrupted transfer and answers true (download once more); a mismatch on the
 * last trial, a checksum that cannot be read or none at all is the policy's: `fail` throws
 * ChecksumFailure, `warn` logs Maven's two warnings (without the stack trace Maven's logger adds
 * to the first), `ignore` checks nothing. A checksum that matches is passed to `keep`.
 */
export class ChecksumVerifier {
  constructor(
    private readonly fetch: (url: string, repository: RemoteRepository) => Promise<ChecksumText>,
    private readonly warn: (message: string) => void,
  ) {}

  async verify(
    download: Download,
    firstTrial: boolean,
    keep: (extension: string, value: string) => void,
  ): Promise<boolean> {
    const policy = (download.policy ?? 'warn').toLowerCase();
    if (policy === 'ignore') return false;
    const shown = redactUrl(download.url);
    let failure: string | undefined = 'Checksum validation failed, no checksums available';
    let mismatch = false;
    for (const [ext, algorithm] of CHECKSUMS) {
      const text = await this.fetch(`${download.url}.${ext}`, download.repository);
      if (text === undefined) continue;
      if (typeof text !== 'string') {
        // A checksum that breaks off or is far too long is no checksum: the policy decides.
        failure = `Checksum validation failed, could not read ${shown}.${ext}: ${text.error}`;
        if (text.code !== undefined) continue;
        break;
      }
      const expected = text.trim().split(/\s+/)[0].toLowerCase();
      const actual = await download.digest(algorithm);
      if (expected === actual) {
        keep(ext, expected);
        failure = undefined;
      } else {
        failure = `Checksum validation failed, expected ${expected} but is ${actual}`;
        mismatch = true;
      }
      break;
    }
    if (!failure) return false;
    const corrupted = `${failure} from ${download.repository.id} for ${shown}`;
    if (mismatch && firstTrial) {
      this.warn(corrupted);
      return true;
    }
    if (policy === 'fail') throw new ChecksumFailure(failure);
    this.warn(`Could not validate integrity of download from ${shown}`);
    this.warn(corrupted);
    return false;
  }
}
