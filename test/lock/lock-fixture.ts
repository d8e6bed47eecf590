import { expect } from 'chai';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FaultyRepoServer } from '../faults/faulty-repo-server';
import { generator } from '../hostile/fixtures';
import { Sandbox, STACK_FRAME, type Run } from '../hostile/sandbox';

/**
 * What the lock tests share: a Maven repository served over loopback HTTP (the only remote one:
 * central is mirrored to nowhere), a sandbox with a local repository and a project t:p:1 that
 * uses that repository, and the real CLI run against them with its own cache directory.
 */
export class LockFixture {
  readonly settings: string;
  readonly lockFile: string;
  readonly pomFile: string;

  private constructor(
    readonly server: FaultyRepoServer,
    readonly sandbox: Sandbox,
  ) {
    this.settings = path.join(sandbox.root, 'settings.xml');
    fs.writeFileSync(
      this.settings,
      `<settings><mirrors><mirror><id>no-central</id><url>http://${server.host}/none</url><mirrorOf>central</mirrorOf></mirror></mirrors></settings>\n`,
    );
    this.lockFile = path.join(sandbox.proj, 'goalhost.lock');
    this.pomFile = path.join(sandbox.proj, 'pom.xml');
  }

  static async start(): Promise<LockFixture> {
    const server = new FaultyRepoServer();
    await server.start();
    return new LockFixture(server, Sandbox.create('lock'));
  }

  async stop(): Promise<void> {
    await this.server.stop();
    this.sandbox.dispose();
  }

  /** Puts an artifact (POM and file) on the server. */
  deploy(gav: string, file: Buffer, deps = '', type = 'zip'): void {
    const [g, a, v] = gav.split(':');
    const dir = `${g.replace(/\./g, '/')}/${a}/${v}`;
    this.server.files.set(`${dir}/${a}-${v}.pom`, pom(gav, deps));
    this.server.files.set(`${dir}/${a}-${v}.${type}`, file);
  }

  projectXml(gav: string, deps: string, extraXml = ''): string {
    const [g, a, v] = gav.split(':');
    return (
      `<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>${g}</groupId><artifactId>${a}</artifactId><version>${v}</version>\n` +
      `  <packaging>pom</packaging>\n  <dependencies>${deps}</dependencies>\n${extraXml}` +
      `  <repositories><repository><id>loopback</id><url>${this.server.url}</url><snapshots><enabled>true</enabled></snapshots></repository></repositories>\n</project>\n`
    );
  }

  /** Writes the project t:p:1 with these dependencies. */
  project(deps: string): void {
    fs.writeFileSync(this.pomFile, this.projectXml('t:p:1', deps));
  }

  run(...args: string[]): Promise<Run> {
    return this.sandbox.run(['-B', '-s', this.settings, `-Dmaven.repo.local=${this.sandbox.repo}`, ...args], {
      env: { XDG_CACHE_HOME: path.join(this.sandbox.root, 'cache') },
    });
  }
}

export const zip = (name: string, text: string): Buffer => generator.zip([{ name, data: text, mode: 0o644 }]);
export const sha256 = (b: Buffer | string): string => createHash('sha256').update(b).digest('hex');

export function pom(gav: string, deps = ''): Buffer {
  const [g, a, v] = gav.split(':');
  return Buffer.from(
    `<project><modelVersion>4.0.0</modelVersion><groupId>${g}</groupId><artifactId>${a}</artifactId><version>${v}</version><dependencies>${deps}</dependencies></project>\n`,
  );
}

export function dep(gav: string, type = 'zip', scope = ''): string {
  const [g, a, v] = gav.split(':');
  return `<dependency><groupId>${g}</groupId><artifactId>${a}</artifactId><version>${v}</version><type>${type}</type>${scope ? `<scope>${scope}</scope>` : ''}</dependency>`;
}

/** Files just written are "racy" (file-observations.ts): their digests are remembered once they aged. */
export const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 150));

export function expectSuccess(r: Run): void {
  expect(r.status, r.stdout).to.equal(0);
  expect(r.stdout).not.to.match(STACK_FRAME);
}

/**
 * The failure's message: its lines after `[ERROR] `, up to Maven's key of the wiki page it cites
 * (` -> [Help 1]` after a one-line message, on a line of its own after a longer one), which must follow.
 */
export function failureText(r: Run): string {
  expect(r.status, r.stdout).to.equal(1);
  expect(r.stdout).not.to.match(STACK_FRAME);
  const lines = r.stdout.split('\n');
  const start = lines.findIndex((l) => l.startsWith('[ERROR] Failed to execute goal'));
  expect(start, r.stdout).to.be.at.least(0);
  const end = lines.findIndex((l, i) => i >= start && (l.endsWith(' -> [Help 1]') || l === '[ERROR] -> [Help 1]'));
  expect(end, r.stdout).to.be.at.least(start);
  const text = lines
    .slice(start, end + 1)
    .map((l) => l.slice('[ERROR] '.length))
    .join('\n');
  return text.replace(/( |\n)-> \[Help 1\]$/, '');
}

/** How every lock failure ends. */
export const UPDATE =
  'If this change is intended, update the lock on purpose: goalhost dependency:lock (or add -Dgoalhost.lock=update to this build) ' +
  'and review the diff of the lock file; -Dgoalhost.lock=ignore builds once without the lock.';

/** How a failure for files a goal asked for beyond the dependencies ends. */
export const REQUESTED_HINT =
  "Files a goal asks for beyond the dependencies (a -Dclassifier or -Dtype translation, the POMs of a source dependency) are locked as 'requested' lines: " +
  'run this build once with -Dgoalhost.lock=update and review the lines it adds to the lock file; -Dgoalhost.lock=ignore builds once without the lock.';

/** The goal prefix of cxx:unpack-dependencies in failure lines. */
export const UNPACK_GOAL = 'org.codehaus.mojo:cxx-maven-plugin:0.0.6-SNAPSHOT:unpack-dependencies (default-cli)';
