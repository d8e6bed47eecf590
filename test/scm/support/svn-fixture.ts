import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SvnServer, sh } from './svn-server';

export const SVN_USER = 'alice';
export const SVN_PASSWORD = 's3cret-Pa55';

/** The externals the consumer working copy starts with (committed on `externals/`). */
export const INITIAL_EXTERNALS = [
  '# third-party sources',
  '-r1 ^/libA/trunk/src vendored-src',
  '^/libA/trunk fr/example/libs/liba',
  '',
].join('\n');

/**
 * Two repositories behind one svnserve (anon-access = none):
 * - `main`: `consumer/trunk` (pom.xml, externals/ with INITIAL_EXTERNALS, unversioned/), `libA/trunk/src/a.c`;
 * - `other`: `libB/trunk/b.c`, changed once more so its HEAD (r2) differs from libB's first commit.
 * The consumer is checked out over svn:// into `wc`, so its repository root is the server's `main`.
 */
export class SvnFixture {
  readonly configDir: string;
  readonly wc: string;
  readonly holder: string;

  private constructor(
    readonly tmp: string,
    readonly server: SvnServer,
  ) {
    this.configDir = path.join(tmp, 'svn-config');
    this.wc = path.join(tmp, 'wc', 'consumer');
    this.holder = path.join(this.wc, 'externals');
  }

  /** `moreUsers`: svnserve accounts beside alice (who populates the repositories). */
  static async create(moreUsers: Readonly<Record<string, string>> = {}): Promise<SvnFixture> {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-svn-'));
    const server = await SvnServer.start(path.join(tmp, 'srv'), { ...moreUsers, [SVN_USER]: SVN_PASSWORD });
    const f = new SvnFixture(tmp, server);
    try {
      f.populate();
    } catch (e) {
      await f.destroy();
      throw e;
    }
    return f;
  }

  /** svn with the fixture's private config, authenticated as alice (password on stdin). */
  svn(args: readonly string[], cwd = this.tmp): string {
    return sh(
      'svn',
      [
        '--non-interactive',
        '--no-auth-cache',
        '--config-dir',
        this.configDir,
        '--username',
        SVN_USER,
        '--password-from-stdin',
        ...args,
      ],
      {
        cwd,
        input: `${SVN_PASSWORD}\n`,
      },
    );
  }

  private populate(): void {
    const main = this.server.createRepository('main');
    const other = this.server.createRepository('other');
    const seed = path.join(this.tmp, 'seed');
    const write = (file: string, text: string): void => {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
    };
    write(path.join(seed, 'main', 'consumer', 'trunk', 'pom.xml'), '<project/>\n');
    fs.mkdirSync(path.join(seed, 'main', 'consumer', 'trunk', 'externals'), { recursive: true });
    write(path.join(seed, 'main', 'libA', 'trunk', 'src', 'a.c'), 'int a;\n');
    write(path.join(seed, 'other', 'libB', 'trunk', 'b.c'), 'int b;\n');
    this.svn(['import', '-q', '-m', 'main', path.join(seed, 'main'), main]);
    this.svn(['import', '-q', '-m', 'other', path.join(seed, 'other'), other]);
    this.svn(['mkdir', '-q', '-m', 'second commit', `${other}/libB/tags`]);
    this.svn(['checkout', '-q', this.server.url('main/consumer/trunk'), this.wc]);
    write(path.join(this.tmp, 'initial.externals'), INITIAL_EXTERNALS);
    this.svn(['propset', '-q', 'svn:externals', '--file', path.join(this.tmp, 'initial.externals'), this.holder]);
    this.svn(['commit', '-q', '-m', 'initial externals', this.wc]);
    this.svn(['update', '-q', '--ignore-externals', this.wc]);
    fs.mkdirSync(path.join(this.wc, 'unversioned'));
  }

  /** Back to the committed state: property reverted, build directory removed. */
  reset(): void {
    this.svn(['revert', '-q', '-R', this.wc]);
    fs.rmSync(path.join(this.wc, 'target'), { recursive: true, force: true });
  }

  /** The externals property of the holder as svn has it now. */
  externals(): string {
    return this.svn(['propget', '--no-newline', 'svn:externals', this.holder]);
  }

  /** What must stay the same when the goal fails: the property, svn status and the file tree. */
  snapshot(): { externals: string; status: string; files: string[] } {
    const files: string[] = [];
    const walk = (dir: string, rel: string): void => {
      for (const name of fs.readdirSync(dir).sort()) {
        if (name === '.svn') continue;
        const abs = path.join(dir, name);
        files.push(`${rel}${name}${fs.statSync(abs).isDirectory() ? '/' : ''}`);
        if (fs.statSync(abs).isDirectory()) walk(abs, `${rel}${name}/`);
      }
    };
    walk(this.wc, '');
    return { externals: this.externals(), status: this.svn(['status', '--ignore-externals', this.wc]), files };
  }

  async destroy(): Promise<void> {
    await this.server.stop();
    fs.rmSync(this.tmp, { recursive: true, force: true });
  }
}
