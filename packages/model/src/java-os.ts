import * as os from 'node:os';

/** The platform as Node reports it. */
export interface NodePlatform {
  readonly platform: string;
  readonly arch: string;
  /** `uname -r` (Node's os.release()). */
  readonly release: string;
  readonly endianness: 'BE' | 'LE';
}

export function currentPlatform(): NodePlatform {
  return { platform: process.platform, arch: process.arch, release: os.release(), endianness: os.endianness() };
}

const OS_NAMES: Readonly<Record<string, string>> = {
  linux: 'Linux',
  darwin: 'Mac OS X',
  win32: 'Windows',
  freebsd: 'FreeBSD',
  openbsd: 'OpenBSD',
  netbsd: 'NetBSD',
  sunos: 'SunOS',
  aix: 'AIX',
};

/**
 * OpenJDK's `os.arch` for Node's process.arch: the JVM names the CPU after its build target,
 * `amd64` for x86-64 except on macOS (`x86_64`), `i386` for 32-bit x86 except on Windows (`x86`),
 * `aarch64` for arm64, `ppc64le` for little-endian ppc64, `loongarch64` for loong64.
 */
function javaArch(p: NodePlatform): string {
  switch (p.arch) {
    case 'x64':
      return p.platform === 'darwin' ? 'x86_64' : 'amd64';
    case 'ia32':
      return p.platform === 'win32' ? 'x86' : 'i386';
    case 'arm64':
      return 'aarch64';
    case 'ppc64':
      return p.endianness === 'LE' ? 'ppc64le' : 'ppc64';
    case 'loong64':
      return 'loongarch64';
    default:
      return p.arch; // arm, ppc, s390, s390x, riscv64, mips, mipsel: the same names
  }
}

const BITS_64 = new Set(['x64', 'arm64', 'ppc64', 's390x', 'riscv64', 'loong64']);

/**
 * The system properties Java reports for the platform: `os.name`, `os.arch`, `os.version` (the
 * kernel release on Linux, as `uname -r`) and `sun.arch.data.model` (the JVM's bitness, 64 on
 * the 64-bit architectures Node runs on).
 */
export function javaOsProperties(
  p: NodePlatform = currentPlatform(),
): Record<'os.name' | 'os.arch' | 'os.version' | 'sun.arch.data.model', string> {
  return {
    'os.name': OS_NAMES[p.platform] ?? p.platform,
    'os.arch': javaArch(p),
    'os.version': p.release,
    'sun.arch.data.model': BITS_64.has(p.arch) ? '64' : '32',
  };
}
