/**
 * The platform properties of os-maven-plugin's `kr.motd.maven.os.Detector` (1.7.x), computed
 * from what Java would report: `os.name`, `os.arch`, `os.version`, the JVM's bitness
 * (`sun.arch.data.model`, then `com.ibm.vm.bitmode`, then a guess from the architecture) and,
 * on Linux, the distribution read from `/etc/os-release`, `/usr/lib/os-release` or
 * `/etc/redhat-release`. Names are normalized (lower case, only letters and digits) and mapped
 * to the plugin's fixed vocabulary; anything else is `unknown`, which fails unless the system
 * property `failOnUnknownOS` is `false`.
 */

/** What the detector reads: Java's system properties and the release files. */
export interface OsDetectorInput {
  /** `os.name`, `os.arch`, `os.version`, `sun.arch.data.model`, `com.ibm.vm.bitmode`, `failOnUnknownOS` (with `-D` ones). */
  readonly systemProperties: Readonly<Record<string, string | undefined>>;
  /** A release file's text, or undefined when it cannot be read. */
  readonly readFile: (file: string) => string | undefined;
  /** `os.detection.classifierWithLikes`, split: the first of these the release is "like" is appended to the classifier. */
  readonly classifierWithLikes: readonly string[];
}

/** The properties in the order the plugin sets (and logs) them; `failure` when it stopped on an unknown name. */
export interface OsDetection {
  readonly properties: ReadonlyArray<readonly [string, string]>;
  readonly failure?: string;
}

export const OS_RELEASE_FILES = ['/etc/os-release', '/usr/lib/os-release'] as const;
export const REDHAT_RELEASE_FILE = '/etc/redhat-release';

const UNKNOWN = 'unknown';

export function detectOs(input: OsDetectorInput): OsDetection {
  const sys = input.systemProperties;
  const properties: Array<readonly [string, string]> = [];
  const set = (name: string, value: string): void => void properties.push([name, value]);
  const osName = sys['os.name'];
  const osArch = sys['os.arch'];
  const name = normalizeOs(osName);
  const arch = normalizeArch(osArch);
  set('os.detected.name', name);
  set('os.detected.arch', arch);
  set('os.detected.bitness', String(bitness(sys, arch)));
  const version = /^((\d+)\.(\d+)).*$/.exec(sys['os.version'] ?? '');
  if (version) {
    set('os.detected.version', version[1]);
    set('os.detected.version.major', version[2]);
    set('os.detected.version.minor', version[3]);
  }
  if ((sys.failOnUnknownOS ?? '').toLowerCase() !== 'false') {
    if (name === UNKNOWN) return { properties, failure: `unknown os.name: ${osName}` };
    if (arch === UNKNOWN) return { properties, failure: `unknown os.arch: ${osArch}` };
  }
  let classifier = `${name}-${arch}`;
  const release = name === 'linux' ? linuxRelease(input.readFile) : undefined;
  if (release) {
    set('os.detected.release', release.id);
    if (release.version !== undefined) set('os.detected.release.version', release.version);
    for (const like of release.like) set(`os.detected.release.like.${like}`, 'true');
    const wanted = input.classifierWithLikes.find((like) => release.like.has(like));
    if (wanted !== undefined) classifier += `-${wanted}`;
  }
  set('os.detected.classifier', classifier);
  return { properties };
}

/** The plugin's `os.detection.classifierWithLikes` list: comma-separated, trimmed, empty entries dropped. */
export function classifierLikes(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(',')
    .map(javaTrim)
    .filter((s) => s !== '');
}

function normalize(value: string | undefined): string {
  return (value ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '');
}

const OS_PREFIXES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^aix/, 'aix'],
  [/^hpux/, 'hpux'],
  // os400 but not a longer number such as os4000
  [/^os400(?![0-9])/, 'os400'],
  [/^linux/, 'linux'],
  [/^(mac|osx)/, 'osx'],
  [/^freebsd/, 'freebsd'],
  [/^openbsd/, 'openbsd'],
  [/^netbsd/, 'netbsd'],
  [/^(solaris|sunos)/, 'sunos'],
  [/^windows/, 'windows'],
  [/^zos/, 'zos'],
];

function normalizeOs(value: string | undefined): string {
  const v = normalize(value);
  return OS_PREFIXES.find(([pattern]) => pattern.test(v))?.[1] ?? UNKNOWN;
}

const ARCHES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(x8664|amd64|ia32e|em64t|x64)$/, 'x86_64'],
  [/^(x8632|x86|i[3-6]86|ia32|x32)$/, 'x86_32'],
  [/^(ia64w?|itanium64)$/, 'itanium_64'],
  [/^ia64n$/, 'itanium_32'],
  [/^(sparc|sparc32)$/, 'sparc_32'],
  [/^(sparcv9|sparc64)$/, 'sparc_64'],
  [/^(arm|arm32)$/, 'arm_32'],
  [/^aarch64$/, 'aarch_64'],
  [/^(mips|mips32)$/, 'mips_32'],
  [/^(mipsel|mips32el)$/, 'mipsel_32'],
  [/^mips64$/, 'mips_64'],
  [/^mips64el$/, 'mipsel_64'],
  [/^(ppc|ppc32)$/, 'ppc_32'],
  [/^(ppcle|ppc32le)$/, 'ppcle_32'],
  [/^ppc64$/, 'ppc_64'],
  [/^ppc64le$/, 'ppcle_64'],
  [/^s390$/, 's390_32'],
  [/^s390x$/, 's390_64'],
  [/^(riscv|riscv32)$/, 'riscv'],
  [/^riscv64$/, 'riscv64'],
  [/^e2k$/, 'e2k'],
  [/^loongarch64$/, 'loongarch_64'],
];

function normalizeArch(value: string | undefined): string {
  const v = normalize(value);
  return ARCHES.find(([pattern]) => pattern.test(v))?.[1] ?? UNKNOWN;
}

/** The JVM's data model when it says one (digits only), else 64 for an architecture naming 64, else 32. */
function bitness(sys: OsDetectorInput['systemProperties'], arch: string): number {
  for (const key of ['sun.arch.data.model', 'com.ibm.vm.bitmode']) {
    const value = sys[key] ?? '';
    if (/^[0-9]+$/.test(value)) return parseInt(value, 10);
  }
  return arch.includes('64') ? 64 : 32;
}

interface LinuxRelease {
  readonly id: string;
  readonly version?: string;
  /** The id and the ID_LIKE entries, in the order first seen. */
  readonly like: ReadonlySet<string>;
}

function linuxRelease(readFile: OsDetectorInput['readFile']): LinuxRelease | undefined {
  for (const file of OS_RELEASE_FILES) {
    const text = readFile(file);
    const release = text === undefined ? undefined : parseOsRelease(text);
    if (release) return release;
  }
  const text = readFile(REDHAT_RELEASE_FILE);
  return text === undefined ? undefined : parseRedhatRelease(text);
}

/** `ID=`, `VERSION_ID=` and `ID_LIKE=` lines (quotes dropped); no release without an ID. */
export function parseOsRelease(text: string): LinuxRelease | undefined {
  let id: string | undefined;
  let version: string | undefined;
  const like = new Set<string>();
  for (const line of javaLines(text)) {
    if (line.startsWith('ID=')) {
      id = releaseValue(line.slice(3));
      like.add(id);
    } else if (line.startsWith('VERSION_ID=')) {
      version = releaseValue(line.slice(11));
    } else if (line.startsWith('ID_LIKE=')) {
      for (const part of javaSplitWhitespace(releaseValue(line.slice(8)))) like.add(part);
    }
  }
  return id === undefined ? undefined : { id, ...(version !== undefined ? { version } : {}), like };
}

/** The first line of an old Red Hat release file: CentOS, Fedora or RHEL, like rhel and fedora. */
export function parseRedhatRelease(text: string): LinuxRelease | undefined {
  const first = javaLines(text)[0];
  if (first === undefined) return undefined;
  const line = first.toLowerCase();
  const id = line.includes('centos')
    ? 'centos'
    : line.includes('fedora')
      ? 'fedora'
      : line.includes('red hat enterprise linux')
        ? 'rhel'
        : undefined;
  if (id === undefined) return undefined;
  const version = /\d+/.exec(line)?.[0];
  return { id, ...(version !== undefined ? { version } : {}), like: new Set(['rhel', 'fedora', id]) };
}

function releaseValue(value: string): string {
  return javaTrim(value).replace(/"/g, '');
}

/** Java's String.trim: control characters and spaces at both ends. */
function javaTrim(s: string): string {
  return s.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
}

/** Java's BufferedReader lines: split at \n, \r or \r\n; no empty last line after a final break. */
function javaLines(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Java's `split("\\s+")`: ASCII whitespace, a leading empty part kept, trailing empty parts dropped. */
function javaSplitWhitespace(s: string): string[] {
  const parts = s.split(/[ \t\n\x0B\f\r]+/);
  while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  if (parts.length === 1 && parts[0] === '' && s !== '') return [];
  return parts;
}
