import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { javaOsProperties } from '@goalhost/resolver';
import { classifierLikes, detectOs } from '@goalhost/resolver/internal';

/**
 * os-maven-plugin's Detector rules (kr.motd.maven.os.Detector, 1.7.1): what it sets, in the
 * order it logs them, for the Java system properties and release files it reads. Every row was
 * checked against the extension's own Detector (built from its source) given the same inputs;
 * the Debian 12 row is also this machine as Maven 3.8.7 with the extension printed it. The
 * os-release texts are those the distributions ship.
 */
const DEBIAN_12 = `PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"
NAME="Debian GNU/Linux"
VERSION_ID="12"
VERSION="12 (bookworm)"
VERSION_CODENAME=bookworm
ID=debian
HOME_URL="https://www.debian.org/"
`;
const UBUNTU_22_04 = `PRETTY_NAME="Ubuntu 22.04.4 LTS"
NAME="Ubuntu"
VERSION_ID="22.04"
VERSION="22.04.4 LTS (Jammy Jellyfish)"
ID=ubuntu
ID_LIKE=debian
UBUNTU_CODENAME=jammy
`;
const FEDORA_39 =
  'NAME="Fedora Linux"\nVERSION="39 (Container Image)"\nID=fedora\nVERSION_ID=39\nPLATFORM_ID="platform:f39"\n';
const RHEL_8 =
  'NAME="Red Hat Enterprise Linux"\nVERSION="8.9 (Ootpa)"\nID="rhel"\nID_LIKE="fedora"\nVERSION_ID="8.9"\n';
const CENTOS_7 =
  'NAME="CentOS Linux"\r\nVERSION="7 (Core)"\r\nID="centos"\r\nID_LIKE="rhel fedora"\r\nVERSION_ID="7"\r\n';

interface Row {
  readonly title: string;
  readonly sys: Record<string, string>;
  readonly files?: Record<string, string>;
  readonly likes?: string;
  readonly expected: ReadonlyArray<readonly [string, string]>;
  readonly failure?: string;
}

const LINUX = { 'os.name': 'Linux', 'os.arch': 'amd64', 'os.version': '6.18.44-fc-v782', 'sun.arch.data.model': '64' };
const base = (
  name: string,
  arch: string,
  bitness: string,
  version?: readonly [string, string, string],
): Array<readonly [string, string]> => [
  ['os.detected.name', name],
  ['os.detected.arch', arch],
  ['os.detected.bitness', bitness],
  ...(version
    ? ([
        ['os.detected.version', version[0]],
        ['os.detected.version.major', version[1]],
        ['os.detected.version.minor', version[2]],
      ] as const)
    : []),
];
const LINUX_BASE = base('linux', 'x86_64', '64', ['6.18', '6', '18']);

const ROWS: readonly Row[] = [
  {
    title: 'this machine: Debian 12 on amd64 (recorded with Maven 3.8.7 and the extension)',
    sys: LINUX,
    files: { '/etc/os-release': DEBIAN_12 },
    expected: [
      ...LINUX_BASE,
      ['os.detected.release', 'debian'],
      ['os.detected.release.version', '12'],
      ['os.detected.release.like.debian', 'true'],
      ['os.detected.classifier', 'linux-x86_64'],
    ],
  },
  {
    title: 'Ubuntu: like ubuntu and debian; classifierWithLikes debian,rhel appends debian',
    sys: LINUX,
    files: { '/etc/os-release': UBUNTU_22_04 },
    likes: 'debian,rhel',
    expected: [
      ...LINUX_BASE,
      ['os.detected.release', 'ubuntu'],
      ['os.detected.release.version', '22.04'],
      ['os.detected.release.like.ubuntu', 'true'],
      ['os.detected.release.like.debian', 'true'],
      ['os.detected.classifier', 'linux-x86_64-debian'],
    ],
  },
  {
    title: 'Fedora on aarch64, no ID_LIKE: rhel is not a like, fedora is',
    sys: { ...LINUX, 'os.arch': 'aarch64' },
    files: { '/etc/os-release': FEDORA_39 },
    likes: 'rhel,fedora',
    expected: [
      ...base('linux', 'aarch_64', '64', ['6.18', '6', '18']),
      ['os.detected.release', 'fedora'],
      ['os.detected.release.version', '39'],
      ['os.detected.release.like.fedora', 'true'],
      ['os.detected.classifier', 'linux-aarch_64-fedora'],
    ],
  },
  {
    title: 'RHEL 8: quoted values; the likes list is trimmed',
    sys: LINUX,
    files: { '/etc/os-release': RHEL_8 },
    likes: ' debian , rhel ',
    expected: [
      ...LINUX_BASE,
      ['os.detected.release', 'rhel'],
      ['os.detected.release.version', '8.9'],
      ['os.detected.release.like.rhel', 'true'],
      ['os.detected.release.like.fedora', 'true'],
      ['os.detected.classifier', 'linux-x86_64-rhel'],
    ],
  },
  {
    title: "CentOS 7 (CRLF lines): the first entry of the likes list the release has wins, not the release's order",
    sys: LINUX,
    files: { '/etc/os-release': CENTOS_7 },
    likes: 'fedora,rhel',
    expected: [
      ...LINUX_BASE,
      ['os.detected.release', 'centos'],
      ['os.detected.release.version', '7'],
      ['os.detected.release.like.centos', 'true'],
      ['os.detected.release.like.rhel', 'true'],
      ['os.detected.release.like.fedora', 'true'],
      ['os.detected.classifier', 'linux-x86_64-fedora'],
    ],
  },
  {
    title: '/etc/os-release without an ID: /usr/lib/os-release is read',
    sys: LINUX,
    files: { '/etc/os-release': 'NAME=nothing\n', '/usr/lib/os-release': 'ID=arch\nBUILD_ID=rolling\n' },
    expected: [
      ...LINUX_BASE,
      ['os.detected.release', 'arch'],
      ['os.detected.release.like.arch', 'true'],
      ['os.detected.classifier', 'linux-x86_64'],
    ],
  },
  {
    title: 'no os-release: /etc/redhat-release of CentOS 6 (first number is the version; like rhel, fedora, centos)',
    sys: LINUX,
    files: { '/etc/redhat-release': 'CentOS release 6.10 (Final)\n' },
    likes: 'centos',
    expected: [
      ...LINUX_BASE,
      ['os.detected.release', 'centos'],
      ['os.detected.release.version', '6'],
      ['os.detected.release.like.rhel', 'true'],
      ['os.detected.release.like.fedora', 'true'],
      ['os.detected.release.like.centos', 'true'],
      ['os.detected.classifier', 'linux-x86_64-centos'],
    ],
  },
  {
    title: '/etc/redhat-release of RHEL 7',
    sys: LINUX,
    files: { '/etc/redhat-release': 'Red Hat Enterprise Linux Server release 7.9 (Maipo)\n' },
    expected: [
      ...LINUX_BASE,
      ['os.detected.release', 'rhel'],
      ['os.detected.release.version', '7'],
      ['os.detected.release.like.rhel', 'true'],
      ['os.detected.release.like.fedora', 'true'],
      ['os.detected.classifier', 'linux-x86_64'],
    ],
  },
  {
    title: 'a Red Hat variant it does not know, or no release file: no release properties',
    sys: LINUX,
    files: { '/etc/redhat-release': 'Scientific Linux release 6.1 (Carbon)\n' },
    likes: 'rhel',
    expected: [...LINUX_BASE, ['os.detected.classifier', 'linux-x86_64']],
  },
  {
    title: "ID_LIKE with a leading space inside the quotes gives an empty like, as Java's split does",
    sys: LINUX,
    files: { '/etc/os-release': 'ID=mint\nID_LIKE=" ubuntu  debian "\n' },
    expected: [
      ...LINUX_BASE,
      ['os.detected.release', 'mint'],
      ['os.detected.release.like.mint', 'true'],
      ['os.detected.release.like.', 'true'],
      ['os.detected.release.like.ubuntu', 'true'],
      ['os.detected.release.like.debian', 'true'],
      ['os.detected.classifier', 'linux-x86_64'],
    ],
  },
  {
    title: 'macOS on Apple silicon: no release files read, version from os.version',
    sys: { 'os.name': 'Mac OS X', 'os.arch': 'aarch64', 'os.version': '14.4.1', 'sun.arch.data.model': '64' },
    files: { '/etc/os-release': DEBIAN_12 },
    likes: 'debian',
    expected: [...base('osx', 'aarch_64', '64', ['14.4', '14', '4']), ['os.detected.classifier', 'osx-aarch_64']],
  },
  {
    title: 'Windows on amd64',
    sys: { 'os.name': 'Windows 11', 'os.arch': 'amd64', 'os.version': '10.0', 'sun.arch.data.model': '64' },
    expected: [...base('windows', 'x86_64', '64', ['10.0', '10', '0']), ['os.detected.classifier', 'windows-x86_64']],
  },
  {
    title: '32-bit JVM on x86 (i386): bitness from sun.arch.data.model',
    sys: { ...LINUX, 'os.arch': 'i386', 'sun.arch.data.model': '32' },
    expected: [...base('linux', 'x86_32', '32', ['6.18', '6', '18']), ['os.detected.classifier', 'linux-x86_32']],
  },
  {
    title:
      "z/OS: IBM's com.ibm.vm.bitmode when sun.arch.data.model is absent; os.version without a minor gives no version",
    sys: { 'os.name': 'z/OS', 'os.arch': 's390x', 'os.version': '02', 'com.ibm.vm.bitmode': '31' },
    expected: [...base('zos', 's390_64', '31'), ['os.detected.classifier', 'zos-s390_64']],
  },
  {
    title: 'no bitness property: 64 when the normalized arch names 64 (ppc64le)',
    sys: { 'os.name': 'AIX', 'os.arch': 'ppc64le', 'os.version': '7.2' },
    expected: [...base('aix', 'ppcle_64', '64', ['7.2', '7', '2']), ['os.detected.classifier', 'aix-ppcle_64']],
  },
  {
    title: 'no bitness property and an arch without 64 (arm, Solaris): 32',
    sys: { 'os.name': 'SunOS', 'os.arch': 'arm', 'os.version': '5.11' },
    expected: [...base('sunos', 'arm_32', '32', ['5.11', '5', '11']), ['os.detected.classifier', 'sunos-arm_32']],
  },
  {
    title:
      'names are matched lower-cased without punctuation (OS/400, LoongArch64); no bitness property and an arch naming 64: 64',
    sys: { 'os.name': 'OS/400', 'os.arch': 'LoongArch64', 'os.version': 'V7R4M0' },
    expected: [...base('os400', 'loongarch_64', '64'), ['os.detected.classifier', 'os400-loongarch_64']],
  },
  {
    title: 'an unknown os.name fails after the version is set',
    sys: { 'os.name': 'OS4000', 'os.arch': 'riscv64', 'os.version': '1.2.3' },
    expected: base('unknown', 'riscv64', '64', ['1.2', '1', '2']),
    failure: 'unknown os.name: OS4000',
  },
  {
    title: 'an unknown os.arch fails (the name is checked first)',
    sys: { ...LINUX, 'os.arch': 'weird' },
    files: { '/etc/os-release': DEBIAN_12 },
    expected: base('linux', 'unknown', '64', ['6.18', '6', '18']),
    failure: 'unknown os.arch: weird',
  },
  {
    title: 'failOnUnknownOS=FALSE (any case): unknown stays in the classifier, release properties follow',
    sys: { ...LINUX, 'os.arch': 'weird', failOnUnknownOS: 'FALSE' },
    files: { '/etc/os-release': DEBIAN_12 },
    expected: [
      ...base('linux', 'unknown', '64', ['6.18', '6', '18']),
      ['os.detected.release', 'debian'],
      ['os.detected.release.version', '12'],
      ['os.detected.release.like.debian', 'true'],
      ['os.detected.classifier', 'linux-unknown'],
    ],
  },
];

describe('resolver: os-maven-plugin detection rules (Detector)', () => {
  for (const row of ROWS) {
    it(row.title, () => {
      const files = row.files ?? {};
      const read: string[] = [];
      const detection = detectOs({
        systemProperties: row.sys,
        readFile: (file) => {
          read.push(file);
          return files[file];
        },
        classifierWithLikes: classifierLikes(row.likes),
      });
      expect(detection.properties).to.deep.equal(row.expected);
      expect(detection.failure).to.equal(row.failure);
      if (row.sys['os.name'] !== 'Linux') expect(read, 'release files are read on Linux only').to.deep.equal([]);
    });
  }

  it('classifierWithLikes: comma-separated, trimmed, empty entries dropped; absent is none', () => {
    expect(classifierLikes(' , rhel ,debian,,')).to.deep.equal(['rhel', 'debian']);
    expect(classifierLikes('')).to.deep.equal([]);
    expect(classifierLikes(undefined)).to.deep.equal([]);
  });
});

describe("resolver: Java's os properties from Node's platform", () => {
  const cases: ReadonlyArray<readonly [string, string, 'LE' | 'BE', string, string, string]> = [
    ['linux', 'x64', 'LE', 'Linux', 'amd64', '64'],
    ['linux', 'ia32', 'LE', 'Linux', 'i386', '32'],
    ['linux', 'arm64', 'LE', 'Linux', 'aarch64', '64'],
    ['linux', 'arm', 'LE', 'Linux', 'arm', '32'],
    ['linux', 'ppc64', 'LE', 'Linux', 'ppc64le', '64'],
    ['linux', 'ppc64', 'BE', 'Linux', 'ppc64', '64'],
    ['linux', 's390x', 'BE', 'Linux', 's390x', '64'],
    ['linux', 'riscv64', 'LE', 'Linux', 'riscv64', '64'],
    ['linux', 'loong64', 'LE', 'Linux', 'loongarch64', '64'],
    ['darwin', 'x64', 'LE', 'Mac OS X', 'x86_64', '64'],
    ['darwin', 'arm64', 'LE', 'Mac OS X', 'aarch64', '64'],
    ['win32', 'x64', 'LE', 'Windows', 'amd64', '64'],
    ['win32', 'ia32', 'LE', 'Windows', 'x86', '32'],
    ['freebsd', 'x64', 'LE', 'FreeBSD', 'amd64', '64'],
  ];
  it('os.name, os.arch and sun.arch.data.model as OpenJDK names them; os.version is the kernel release', () => {
    for (const [platform, arch, endianness, name, javaArch, bits] of cases) {
      expect(
        javaOsProperties({ platform, arch, endianness, release: '6.1.0-18-amd64' }),
        `${platform} ${arch} ${endianness}`,
      ).to.deep.equal({
        'os.name': name,
        'os.arch': javaArch,
        'os.version': '6.1.0-18-amd64',
        'sun.arch.data.model': bits,
      });
    }
  });

  it('on this machine: the values `java -XshowSettings:properties` reports', function () {
    const java = spawnSync('java', ['-XshowSettings:properties', '-version'], { encoding: 'utf8' });
    if (java.error || java.status !== 0) {
      console.log(`      (no java on PATH: ${java.error?.message ?? java.stderr}; nothing to compare with)`);
      this.skip();
    }
    const reported: Record<string, string> = {};
    for (const m of java.stderr.matchAll(/^ {4}(os\.name|os\.arch|os\.version|sun\.arch\.data\.model) = (.*)$/gm))
      reported[m[1]] = m[2];
    expect(Object.keys(reported).sort(), java.stderr).to.deep.equal([
      'os.arch',
      'os.name',
      'os.version',
      'sun.arch.data.model',
    ]);
    expect(javaOsProperties()).to.deep.equal(reported);
  });
});
