import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runGoalhost, type GoalhostRun } from '../support/run-goalhost';

/**
 * Misspelled, unknown, duplicated elements and stray text in POMs and settings.xml, through the
 * real CLI. Every expected line was recorded with mvn 3.8.7 on the same files (`mvn validate`,
 * `dependency:list` for repository POMs): for a project that cannot be read, Maven's problem
 * block and its error summary down to the last problem.
 */
describe('resolver: POMs and settings.xml read strictly as Maven 3.8.7 (recorded with mvn 3.8.7)', function () {
  this.timeout(60_000);
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-strict-pom-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  function write(files: Record<string, string>): void {
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      fs.writeFileSync(path.join(root, name), text);
    }
  }

  function run(cwd: string, ...args: string[]): GoalhostRun {
    return runGoalhost(['-B', '-o', `-Dmaven.repo.local=${path.join(root, 'repo')}`, ...args], path.join(root, cwd));
  }

  const PROJECTS: Array<{ title: string; files: Record<string, string>; cwd: string; lines: string[] }> = [
    {
      title: 'a misspelled element in a dependency (<clasifier>)',
      files: {
        'pom.xml':
          '<?xml version="1.0" encoding="UTF-8"?>\n<project xmlns="http://maven.apache.org/POM/4.0.0">\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>t</groupId>\n  <artifactId>p1</artifactId>\n  <version>1</version>\n  <dependencies>\n    <dependency>\n      <groupId>junit</groupId>\n      <artifactId>junit</artifactId>\n      <version>4.x</version>\n      <clasifier>linux-x86_64</clasifier>\n    </dependency>\n  </dependencies>\n</project>\n',
      },
      cwd: '',
      lines: [
        '[ERROR] [ERROR] Some problems were encountered while processing the POMs:',
        "[ERROR] Malformed POM <root>/pom.xml: Unrecognised tag: 'clasifier' (position: START_TAG seen ...</version>\\n      <clasifier>... @12:18)  @ <root>/pom.xml, line 12, column 18",
        ' @ ',
        '[ERROR] The build could not read 1 project -> [Help 1]',
        '[ERROR]   ',
        '[ERROR]   The project t:p1:1 (<root>/pom.xml) has 1 error',
        "[ERROR]     Malformed POM <root>/pom.xml: Unrecognised tag: 'clasifier' (position: START_TAG seen ...</version>\\n      <clasifier>... @12:18)  @ <root>/pom.xml, line 12, column 18 -> [Help 2]",
      ],
    },
    {
      title: 'a duplicated element in a dependency',
      files: {
        'pom.xml':
          '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>t</groupId>\n  <artifactId>duplicated</artifactId>\n  <version>1</version>\n  <dependencies>\n    <dependency>\n      <groupId>junit</groupId>\n      <artifactId>junit</artifactId>\n      <version>4.13</version>\n      <version>4.12</version>\n    </dependency>\n  </dependencies>\n</project>\n',
      },
      cwd: '',
      lines: [
        '[ERROR] [ERROR] Some problems were encountered while processing the POMs:',
        "[FATAL] Non-parseable POM <root>/pom.xml: Duplicated tag: 'version' (position: START_TAG seen ...</version>\\n      <version>... @11:16)  @ line 11, column 16",
        ' @ ',
        '[ERROR] The build could not read 1 project -> [Help 1]',
        '[ERROR]   ',
        '[ERROR]   The project  (<root>/pom.xml) has 1 error',
        "[ERROR]     Non-parseable POM <root>/pom.xml: Duplicated tag: 'version' (position: START_TAG seen ...</version>\\n      <version>... @11:16)  @ line 11, column 16 -> [Help 2]",
      ],
    },
    {
      title: 'an unknown element at project level',
      files: {
        'pom.xml':
          '<?xml version="1.0" encoding="UTF-8"?>\n<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"\n         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 http://maven.apache.org/xsd/maven-4.0.0.xsd">\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>t</groupId>\n  <artifactId>projlevel</artifactId>\n  <version>1</version>\n  <descripton>A misspelled description</descripton>\n</project>\n',
      },
      cwd: '',
      lines: [
        '[ERROR] [ERROR] Some problems were encountered while processing the POMs:',
        "[ERROR] Malformed POM <root>/pom.xml: Unrecognised tag: 'descripton' (position: START_TAG seen ...</version>\\n  <descripton>... @8:15)  @ <root>/pom.xml, line 8, column 15",
        ' @ ',
        '[ERROR] The build could not read 1 project -> [Help 1]',
        '[ERROR]   ',
        '[ERROR]   The project t:projlevel:1 (<root>/pom.xml) has 1 error',
        "[ERROR]     Malformed POM <root>/pom.xml: Unrecognised tag: 'descripton' (position: START_TAG seen ...</version>\\n  <descripton>... @8:15)  @ <root>/pom.xml, line 8, column 15 -> [Help 2]",
      ],
    },
    {
      title: 'an unknown element inside build/plugins/plugin',
      files: {
        'pom.xml':
          '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>t</groupId>\n  <artifactId>inplugin</artifactId>\n  <version>1</version>\n  <build>\n    <plugins>\n      <plugin>\n        <groupId>org.apache.maven.plugins</groupId>\n        <artifactId>maven-dependency-plugin</artifactId>\n        <version>3.5.0</version>\n        <configuraton>\n          <skip>true</skip>\n        </configuraton>\n      </plugin>\n    </plugins>\n  </build>\n</project>\n',
      },
      cwd: '',
      lines: [
        '[ERROR] [ERROR] Some problems were encountered while processing the POMs:',
        "[ERROR] Malformed POM <root>/pom.xml: Unrecognised tag: 'configuraton' (position: START_TAG seen ...</version>\\n        <configuraton>... @12:23)  @ <root>/pom.xml, line 12, column 23",
        ' @ ',
        '[ERROR] The build could not read 1 project -> [Help 1]',
        '[ERROR]   ',
        '[ERROR]   The project t:inplugin:1 (<root>/pom.xml) has 1 error',
        "[ERROR]     Malformed POM <root>/pom.xml: Unrecognised tag: 'configuraton' (position: START_TAG seen ...</version>\\n        <configuraton>... @12:23)  @ <root>/pom.xml, line 12, column 23 -> [Help 2]",
      ],
    },
    {
      title: 'an unknown element inside a profile (tabs)',
      files: {
        'pom.xml':
          '<project>\n\t<modelVersion>4.0.0</modelVersion>\n\t<groupId>t</groupId>\n\t<artifactId>inprofile</artifactId>\n\t<version>1</version>\n\t<profiles>\n\t\t<profile>\n\t\t\t<id>linux</id>\n\t\t\t<activation><os><family>unix</family></os></activation>\n\t\t\t<propertes><x>1</x></propertes>\n\t\t</profile>\n\t</profiles>\n</project>\n',
      },
      cwd: '',
      lines: [
        '[ERROR] [ERROR] Some problems were encountered while processing the POMs:',
        "[ERROR] Malformed POM <root>/pom.xml: Unrecognised tag: 'propertes' (position: START_TAG seen ...</activation>\\n\\t\\t\\t<propertes>... @10:15)  @ <root>/pom.xml, line 10, column 15",
        ' @ ',
        '[ERROR] The build could not read 1 project -> [Help 1]',
        '[ERROR]   ',
        '[ERROR]   The project t:inprofile:1 (<root>/pom.xml) has 1 error',
        "[ERROR]     Malformed POM <root>/pom.xml: Unrecognised tag: 'propertes' (position: START_TAG seen ...</activation>\\n\\t\\t\\t<propertes>... @10:15)  @ <root>/pom.xml, line 10, column 15 -> [Help 2]",
      ],
    },
    {
      title: 'an unknown attribute on a dependency',
      files: {
        'pom.xml':
          '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>t</groupId>\n  <artifactId>attr</artifactId>\n  <version>1</version>\n  <dependencies>\n    <dependency scope="test" optional="true">\n      <groupId>junit</groupId>\n      <artifactId>junit</artifactId>\n      <version>4.13</version>\n    </dependency>\n  </dependencies>\n</project>\n',
      },
      cwd: '',
      lines: [
        '[ERROR] [ERROR] Some problems were encountered while processing the POMs:',
        '[ERROR] Malformed POM <root>/pom.xml: Unknown attribute \'optional\' for tag \'dependency\' (position: START_TAG seen ...<dependencies>\\n    <dependency scope="test" optional="true">... @7:46)  @ <root>/pom.xml, line 7, column 46',
        ' @ ',
        '[ERROR] The build could not read 1 project -> [Help 1]',
        '[ERROR]   ',
        '[ERROR]   The project t:attr:1 (<root>/pom.xml) has 1 error',
        '[ERROR]     Malformed POM <root>/pom.xml: Unknown attribute \'optional\' for tag \'dependency\' (position: START_TAG seen ...<dependencies>\\n    <dependency scope="test" optional="true">... @7:46)  @ <root>/pom.xml, line 7, column 46 -> [Help 2]',
      ],
    },
    {
      title: 'text between the elements of a dependency',
      files: {
        'pom.xml':
          '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>t</groupId>\n  <artifactId>text</artifactId>\n  <version>1</version>\n  <dependencies>\n    <dependency>\n      junit\n      <groupId>junit</groupId>\n      <artifactId>junit</artifactId>\n      <version>4.13</version>\n    </dependency>\n  </dependencies>\n</project>\n',
      },
      cwd: '',
      lines: [
        '[ERROR] [ERROR] Some problems were encountered while processing the POMs:',
        '[ERROR] Malformed POM <root>/pom.xml: expected START_TAG or END_TAG not TEXT (position: TEXT seen ...<dependency>\\n      junit\\n      <g... @9:9)  @ <root>/pom.xml, line 9, column 9',
        ' @ ',
        '[ERROR] The build could not read 1 project -> [Help 1]',
        '[ERROR]   ',
        '[ERROR]   The project t:text:1 (<root>/pom.xml) has 1 error',
        '[ERROR]     Malformed POM <root>/pom.xml: expected START_TAG or END_TAG not TEXT (position: TEXT seen ...<dependency>\\n      junit\\n      <g... @9:9)  @ <root>/pom.xml, line 9, column 9 -> [Help 2]',
      ],
    },
    {
      title: 'text inside <dependencies>',
      files: {
        'pom.xml':
          '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>t</groupId>\n  <artifactId>textlist</artifactId>\n  <version>1</version>\n  <dependencies>oops\n    <dependency>\n      <groupId>junit</groupId>\n      <artifactId>junit</artifactId>\n      <version>4.13</version>\n    </dependency>\n  </dependencies>\n</project>\n',
      },
      cwd: '',
      lines: [
        '[ERROR] [ERROR] Some problems were encountered while processing the POMs:',
        '[FATAL] Non-parseable POM <root>/pom.xml: expected START_TAG or END_TAG not TEXT (position: TEXT seen ...<dependencies>oops\\n    <d... @7:7)  @ line 7, column 7',
        ' @ ',
        '[ERROR] The build could not read 1 project -> [Help 1]',
        '[ERROR]   ',
        '[ERROR]   The project  (<root>/pom.xml) has 1 error',
        '[ERROR]     Non-parseable POM <root>/pom.xml: expected START_TAG or END_TAG not TEXT (position: TEXT seen ...<dependencies>oops\\n    <d... @7:7)  @ line 7, column 7 -> [Help 2]',
      ],
    },
    {
      title: 'an unknown element inside a parent on disk (relativePath)',
      files: {
        'localparent/pom.xml':
          '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>t</groupId>\n  <artifactId>parent</artifactId>\n  <version>1</version>\n  <packaging>pom</packaging>\n  <dependencyManagement>\n    <dependencies>\n      <dependency>\n        <groupId>junit</groupId>\n        <artifactId>junit</artifactId>\n        <version>4.13</version>\n        <scpe>test</scpe>\n      </dependency>\n    </dependencies>\n  </dependencyManagement>\n</project>\n',
        'lpchild/pom.xml':
          '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <parent>\n    <groupId>t</groupId>\n    <artifactId>parent</artifactId>\n    <version>1</version>\n    <relativePath>../localparent/pom.xml</relativePath>\n  </parent>\n  <artifactId>child</artifactId>\n</project>\n',
      },
      cwd: 'lpchild',
      lines: [
        '[ERROR] [ERROR] Some problems were encountered while processing the POMs:',
        "[ERROR] Malformed POM <root>/localparent/pom.xml: Unrecognised tag: 'scpe' (position: START_TAG seen ...</version>\\n        <scpe>... @13:15)  @ <root>/localparent/pom.xml, line 13, column 15",
        ' @ ',
        '[ERROR] The build could not read 1 project -> [Help 1]',
        '[ERROR]   ',
        '[ERROR]   The project t:child:1 (<root>/lpchild/pom.xml) has 1 error',
        "[ERROR]     Malformed POM <root>/localparent/pom.xml: Unrecognised tag: 'scpe' (position: START_TAG seen ...</version>\\n        <scpe>... @13:15)  @ <root>/localparent/pom.xml, line 13, column 15 -> [Help 2]",
      ],
    },
    {
      title: 'a duplicated element inside a parent on disk (../pom.xml)',
      files: {
        'pom.xml':
          '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>t</groupId>\n  <artifactId>parent</artifactId>\n  <version>1</version>\n  <packaging>pom</packaging>\n  <packaging>jar</packaging>\n</project>\n',
        'child/pom.xml':
          '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <parent>\n    <groupId>t</groupId>\n    <artifactId>parent</artifactId>\n    <version>1</version>\n  </parent>\n  <artifactId>child</artifactId>\n</project>\n',
      },
      cwd: 'child',
      lines: [
        '[ERROR] [ERROR] Some problems were encountered while processing the POMs:',
        "[FATAL] Non-parseable POM <root>/pom.xml: Duplicated tag: 'packaging' (position: START_TAG seen ...</packaging>\\n  <packaging>... @7:14)  @ <root>/pom.xml, line 7, column 14",
        ' @ ',
        '[ERROR] The build could not read 1 project -> [Help 1]',
        '[ERROR]   ',
        '[ERROR]   The project t:child:1 (<root>/child/pom.xml) has 1 error',
        "[ERROR]     Non-parseable POM <root>/pom.xml: Duplicated tag: 'packaging' (position: START_TAG seen ...</packaging>\\n  <packaging>... @7:14)  @ <root>/pom.xml, line 7, column 14 -> [Help 2]",
      ],
    },
    {
      title: 'a duplicated element in an imported BOM (read leniently)',
      files: {
        'pom.xml':
          '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>t</groupId>\n  <artifactId>bomdup</artifactId>\n  <version>1</version>\n  <dependencyManagement>\n    <dependencies>\n      <dependency>\n        <groupId>zz</groupId>\n        <artifactId>bom</artifactId>\n        <version>1</version>\n        <type>pom</type>\n        <scope>import</scope>\n      </dependency>\n    </dependencies>\n  </dependencyManagement>\n</project>\n',
        'repo/zz/bom/1/bom-1.pom':
          '<project><zz/><modelVersion>4.0.0</modelVersion><modelVersion>4.0.0</modelVersion><groupId>zz</groupId><artifactId>bom</artifactId><version>1</version><packaging>pom</packaging></project>',
      },
      cwd: '',
      lines: [
        '[ERROR] [ERROR] Some problems were encountered while processing the POMs:',
        "[FATAL] Non-parseable POM <root>/repo/zz/bom/1/bom-1.pom: Duplicated tag: 'modelVersion' (position: START_TAG seen ...</modelVersion><modelVersion>... @1:63)  @ <root>/repo/zz/bom/1/bom-1.pom, line 1, column 63",
        ' @ ',
        '[ERROR] The build could not read 1 project -> [Help 1]',
        '[ERROR]   ',
        '[ERROR]   The project t:bomdup:1 (<root>/pom.xml) has 1 error',
        "[ERROR]     Non-parseable POM <root>/repo/zz/bom/1/bom-1.pom: Duplicated tag: 'modelVersion' (position: START_TAG seen ...</modelVersion><modelVersion>... @1:63)  @ <root>/repo/zz/bom/1/bom-1.pom, line 1, column 63 -> [Help 2]",
      ],
    },
  ];

  for (const { title, files, cwd, lines } of PROJECTS) {
    it(`fails the build on ${title}`, () => {
      write(files);
      const r = run(cwd, 'validate');
      expect(r.status, r.stdout).to.equal(1);
      expect(r.stdout.split('\n').slice(1, 1 + lines.length)).to.deep.equal(
        lines.map((l) => l.replaceAll('<root>', root)),
      );
      expect(r.stdout).not.to.contain('BUILD SUCCESS');
    });
  }

  it('warns about a misspelled element in a parent POM from a repository, and builds', () => {
    write({
      'repo/zz/rparent/1/rparent-1.pom':
        '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>zz</groupId>\n  <artifactId>rparent</artifactId>\n  <version>1</version>\n' +
        '  <packaging>pom</packaging>\n  <descripton>misspelled</descripton>\n</project>\n',
      'child/pom.xml':
        '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <parent>\n    <groupId>zz</groupId>\n    <artifactId>rparent</artifactId>\n' +
        '    <version>1</version>\n    <relativePath/>\n  </parent>\n  <artifactId>child</artifactId>\n</project>\n',
    });
    const r = run('child', 'validate');
    expect(r.status, r.stdout).to.equal(0);
    const parent = path.join(root, 'repo/zz/rparent/1/rparent-1.pom');
    expect(r.stdout.split('\n').slice(0, 9)).to.deep.equal([
      '[INFO] Scanning for projects...',
      '[WARNING] ',
      '[WARNING] Some problems were encountered while building the effective model for zz:child:jar:1',
      `[WARNING] Malformed POM ${parent}: Unrecognised tag: 'descripton' (position: START_TAG seen ...</packaging>\\n  <descripton>... @7:15)  @ ${parent}, line 7, column 15`,
      '[WARNING] ',
      '[WARNING] It is highly recommended to fix these problems because they threaten the stability of your build.',
      '[WARNING] ',
      '[WARNING] For this reason, future Maven versions might no longer support building such malformed projects.',
      '[WARNING] ',
    ]);
    expect(r.stdout).to.contain('[INFO] BUILD SUCCESS');
  });

  describe('dependency POMs from a repository, read leniently', () => {
    const dependencyOn = (artifactId: string): string =>
      '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>t</groupId>\n  <artifactId>app</artifactId>\n  <version>1</version>\n' +
      `  <dependencies>\n    <dependency>\n      <groupId>zz</groupId>\n      <artifactId>${artifactId}</artifactId>\n      <version>1</version>\n` +
      '      <type>pom</type>\n    </dependency>\n  </dependencies>\n</project>\n';
    const pomOf = (artifactId: string, dependency: string): string =>
      `<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>zz</groupId>\n  <artifactId>${artifactId}</artifactId>\n  <version>1</version>\n` +
      `  <packaging>pom</packaging>\n  <dependencies>\n    <dependency>\n      <groupId>zz</groupId>\n      <artifactId>ok</artifactId>\n${dependency}` +
      '    </dependency>\n  </dependencies>\n</project>\n';
    const OK =
      '<project><modelVersion>4.0.0</modelVersion><groupId>zz</groupId><artifactId>ok</artifactId><version>1</version><packaging>pom</packaging></project>\n';
    const list = (r: GoalhostRun): string[] => r.stdout.split('\n').filter((l) => /^\[INFO\] {4}\S/.test(l));

    it('skips a misspelled element without a word, as Maven does for them', () => {
      write({
        'app/pom.xml': dependencyOn('bad'),
        'repo/zz/bad/1/bad-1.pom': pomOf(
          'bad',
          '      <version>1</version>\n      <type>pom</type>\n      <clasifier>x</clasifier>\n',
        ),
        'repo/zz/ok/1/ok-1.pom': OK,
      });
      const r = run('app', 'dependency:list');
      expect(r.status, r.stdout).to.equal(0);
      expect(list(r)).to.deep.equal(['[INFO]    zz:bad:pom:1:compile', '[INFO]    zz:ok:pom:1:compile']);
      expect(r.stdout).not.to.match(/WARNING|Malformed/);
    });

    it("takes no dependencies from a POM with a duplicated element, with Maven's warning", () => {
      write({
        'app/pom.xml': dependencyOn('dup'),
        'repo/zz/dup/1/dup-1.pom': pomOf(
          'dup',
          '      <version>1</version>\n      <version>2</version>\n      <type>pom</type>\n',
        ),
        'repo/zz/ok/1/ok-1.pom': OK,
      });
      const r = run('app', 'dependency:list');
      expect(r.status, r.stdout).to.equal(0);
      expect(r.stdout).to.contain(
        '\n[WARNING] The POM for zz:dup:pom:1 is invalid, transitive dependencies (if any) will not be available, enable debug logging for more details\n',
      );
      expect(list(r)).to.deep.equal(['[INFO]    zz:dup:pom:1:compile']);
    });
  });

  describe('settings.xml', () => {
    const PROJECT =
      '<project><modelVersion>4.0.0</modelVersion><groupId>t</groupId><artifactId>s</artifactId><version>1</version></project>\n';
    const USER_UNKNOWN =
      '<settings>\n  <mirrors>\n    <mirror>\n      <id>m</id>\n      <mirrorOf>none</mirrorOf>\n      <url>file:///nowhere</url>\n' +
      '      <layuot>default</layuot>\n    </mirror>\n  </mirrors>\n</settings>\n';
    const GLOBAL_ATTRIBUTE =
      '<settings>\n  <proxies>\n    <proxy foo="bar">\n      <id>p</id>\n      <active>false</active>\n      <host>localhost</host>\n    </proxy>\n  </proxies>\n</settings>\n';
    const USER_DUPLICATE =
      '<settings>\n  <offlne>true</offlne>\n  <interactiveMode>false</interactiveMode>\n  <interactiveMode>true</interactiveMode>\n</settings>\n';

    it('warns about an unknown element (user settings) and an unknown attribute (global settings), global first, and builds', () => {
      write({ 'p/pom.xml': PROJECT, 'user.xml': USER_UNKNOWN, 'global.xml': GLOBAL_ATTRIBUTE });
      const [user, global] = [path.join(root, 'user.xml'), path.join(root, 'global.xml')];
      const r = run('p', '-s', user, '-gs', global, 'validate');
      expect(r.status, r.stdout).to.equal(0);
      expect(r.stdout.split('\n').slice(0, 6)).to.deep.equal([
        '[WARNING] ',
        '[WARNING] Some problems were encountered while building the effective settings',
        `[WARNING] Unknown attribute 'foo' for tag 'proxy' (position: START_TAG seen ...<proxies>\\n    <proxy foo="bar">... @3:22)  @ ${global}, line 3, column 22`,
        `[WARNING] Unrecognised tag: 'layuot' (position: START_TAG seen ...</url>\\n      <layuot>... @7:15)  @ ${user}, line 7, column 15`,
        '[WARNING] ',
        '[INFO] Scanning for projects...',
      ]);
      expect(r.stdout).to.contain('[INFO] BUILD SUCCESS');
    });

    it("fails on a duplicated element, listing every problem; the message is the lenient read's", () => {
      write({ 'p/pom.xml': PROJECT, 'user.xml': USER_DUPLICATE, 'global.xml': GLOBAL_ATTRIBUTE });
      const [user, global] = [path.join(root, 'user.xml'), path.join(root, 'global.xml')];
      const r = run('p', '-s', user, '-gs', global, 'validate');
      expect(r.status, r.stdout).to.equal(1);
      // Maven's lines, "[ERROR] Error executing Maven." first.
      expect(r.stdout.split('\n').slice(0, 4)).to.deep.equal([
        '[ERROR] Error executing Maven.',
        '[ERROR] 2 problems were encountered while building the effective settings',
        `[WARNING] Unknown attribute 'foo' for tag 'proxy' (position: START_TAG seen ...<proxies>\\n    <proxy foo="bar">... @3:22)  @ ${global}, line 3, column 22`,
        `[FATAL] Non-parseable settings ${user}: Duplicated tag: 'interactiveMode' (position: START_TAG seen ...</interactiveMode>\\n  <interactiveMode>... @4:20)  @ ${user}, line 4, column 20`,
      ]);
      expect(r.stdout).not.to.contain('Scanning for projects');
    });
  });
});
