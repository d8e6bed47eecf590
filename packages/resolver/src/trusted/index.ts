export { VerifyingArtifactResolver } from './verifying-artifact-resolver';
export { TrustedChecksums, TrustedChecksumError, type TrustedChecksum } from './trusted-checksums';
export {
  trustedChecksumsConfig,
  TrustedChecksumsConfigError,
  type TrustedChecksumsConfig,
} from './trusted-checksums-config';
export { UnknownChecksumAlgorithmError } from './checksum-algorithms';
export type { TrustedArtifact } from './trusted-artifact';
