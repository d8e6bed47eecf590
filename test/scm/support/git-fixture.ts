import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { GitHttpServer } from './git-http-server';
import { sh } from './svn-server';

export const GIT_USER = 'bob';
export const GIT_PASSWORD = 'g1t-Pa55-word';

/** Environment for git in the fixture: fixed identity and dates, no user or system config. */
export function gitEnv(home: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'Fixture',
    GIT_AUTHOR_EMAIL: 'fixture@example.com',
    GIT_COMMITTER_NAME: 'Fixture',
    GIT_COMMITTER_EMAIL: 'fixture@example.com',
    GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
    GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
  };
}

/**
 * Bare repositories on disk (`git/`: consumer, libA, libC with an annotated tag v1.0 and a commit
 * after it) and over smart HTTP with basic auth (`http/`: libB), and a clone of the consumer whose
 * origin is `file://.../git/consumer.git`, with a foreign submodule already recorded.
 */
export class GitFixture {
  readonly env: NodeJS.ProcessEnv;
  readonly wc: string;
  readonly holder: string;
  readonly commits: Record<string, string> = {};

  private constructor(
    readonly tmp: string,
    readonly http: GitHttpServer,
  ) {
    this.env = gitEnv(path.join(tmp, 'home'));
    this.wc = path.join(tmp, 'wc', 'consumer');
    this.holder = path.join(this.wc, 'externals');
  }

  static async create(): Promise<GitFixture> {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-git-'));
    fs.mkdirSync(path.join(tmp, 'home'));
    fs.mkdirSync(path.join(tmp, 'http'));
    const http = await GitHttpServer.start(path.join(tmp, 'http'), { [GIT_USER]: GIT_PASSWORD });
    const f = new GitFixture(tmp, http);
    try {
      f.populate();
    } catch (e) {
      await f.destroy();
      throw e;
    }
    return f;
  }

  git(args: readonly string[], cwd = this.tmp, input?: string): string {
    return sh('git', args, { cwd, env: this.env, ...(input !== undefined ? { input } : {}) });
  }

  fileUrl(name: string): string {
    return `file://${path.join(this.tmp, 'git', `${name}.git`)}`;
  }

  /** Makes a bare repository `<dir>/<name>.git` whose main branch has one commit per file map. */
  private repository(dir: string, name: string, commits: readonly Record<string, string>[]): string {
    const work = path.join(this.tmp, 'seed', name);
    fs.mkdirSync(work, { recursive: true });
    this.git(['init', '-q', '-b', 'main', work]);
    for (const files of commits) {
      for (const [file, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
        fs.writeFileSync(path.join(work, file), text);
      }
      this.git(['add', '-A'], work);
      this.git(['commit', '-q', '-m', `${name} ${Object.keys(files).join(' ')}`], work);
    }
    const bare = path.join(this.tmp, dir, `${name}.git`);
    this.git(['clone', '-q', '--bare', work, bare]);
    return work;
  }

  /** Adds a commit to a seeded repository and pushes it; returns the new commit. */
  advance(name: string, file: string, text: string): string {
    const work = path.join(this.tmp, 'seed', name);
    fs.writeFileSync(path.join(work, file), text);
    this.git(['commit', '-q', '-a', '-m', `${name} ${file}`], work);
    const dir = fs.existsSync(path.join(this.tmp, 'git', `${name}.git`)) ? 'git' : 'http';
    this.git(['push', '-q', path.join(this.tmp, dir, `${name}.git`), 'main'], work);
    return this.git(['rev-parse', 'HEAD'], work).trim();
  }

  /** Moves a seeded repository's main branch back to `commit` (force-pushed). */
  rewind(name: string, commit: string): void {
    const work = path.join(this.tmp, 'seed', name);
    this.git(['reset', '-q', '--hard', commit], work);
    const dir = fs.existsSync(path.join(this.tmp, 'git', `${name}.git`)) ? 'git' : 'http';
    this.git(['push', '-q', '--force', path.join(this.tmp, dir, `${name}.git`), 'main'], work);
  }

  private populate(): void {
    const a = this.repository('git', 'libA', [{ 'a.c': 'int a;\n' }]);
    this.commits.libA = this.git(['rev-parse', 'HEAD'], a).trim();
    const b = this.repository('http', 'libB', [{ 'b.c': 'int b;\n' }]);
    this.commits.libB = this.git(['rev-parse', 'HEAD'], b).trim();
    const c = this.repository('git', 'libC', [{ 'c.c': 'int c;\n' }]);
    this.git(['tag', '-a', '-m', 'release 1.0', 'v1.0'], c);
    this.commits.libCv1 = this.git(['rev-parse', 'HEAD'], c).trim();
    fs.rmSync(path.join(this.tmp, 'git', 'libC.git'), { recursive: true });
    this.git(['clone', '-q', '--bare', c, path.join(this.tmp, 'git', 'libC.git')]);
    this.commits.libCmain = this.advance('libC', 'c.c', 'int c2;\n');
    // A later release tag on main (the version bump the release plugin records in <scm><tag>).
    this.git(['tag', '-a', '-m', 'release 1.1', 'v1.1'], c);
    this.git(['push', '-q', path.join(this.tmp, 'git', 'libC.git'), 'v1.1'], c);
    // A second branch of libA, ahead of main by one commit.
    this.git(['checkout', '-q', '-b', 'stable'], a);
    fs.writeFileSync(path.join(a, 'a.c'), 'int a_stable;\n');
    this.git(['commit', '-q', '-a', '-m', 'libA stable'], a);
    this.git(['push', '-q', path.join(this.tmp, 'git', 'libA.git'), 'stable'], a);
    this.commits.libAstable = this.git(['rev-parse', 'HEAD'], a).trim();
    this.git(['checkout', '-q', 'main'], a);
    this.repository('git', 'consumer', [
      { 'pom.xml': '<project/>\n', 'externals/README': 'sources go here\n', 'src/main.c': 'int main;\n' },
    ]);
    this.git(['clone', '-q', this.fileUrl('consumer'), this.wc]);
    // A submodule the goal does not own (its gitlink points at libA's commit, any commit will do).
    this.git(['config', '-f', '.gitmodules', 'submodule.externals/foreign.path', 'externals/foreign'], this.wc);
    this.git(
      ['config', '-f', '.gitmodules', 'submodule.externals/foreign.url', 'https://example.com/foreign.git'],
      this.wc,
    );
    this.git(['update-index', '--add', '--cacheinfo', `160000,${this.commits.libA},externals/foreign`], this.wc);
    this.git(['add', '.gitmodules'], this.wc);
    this.git(['commit', '-q', '-m', 'foreign submodule'], this.wc);
    this.git(['push', '-q', 'origin', 'main'], this.wc);
  }

  /** Back to the committed state of the consumer clone, without the submodules a test initialised. */
  reset(): void {
    this.git(['reset', '-q', '--hard', 'origin/main'], this.wc);
    this.git(['clean', '-q', '-ffdx'], this.wc);
    const config = path.join(this.wc, '.git', 'config');
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace(/^\[submodule "[^\n]*\n(?:[ \t][^\n]*\n)*/gm, ''));
    fs.rmSync(path.join(this.wc, '.git', 'modules'), { recursive: true, force: true });
  }

  /** `git submodule update --init` of the given paths, as users run it after the goal (file:// allowed). */
  initSubmodules(paths: readonly string[]): void {
    this.git(['-c', 'protocol.file.allow=always', 'submodule', 'update', '--init', '--quiet', '--', ...paths], this.wc);
  }

  gitmodules(): string {
    return fs.readFileSync(path.join(this.wc, '.gitmodules'), 'utf8');
  }

  /** What must stay the same when the goal fails: .gitmodules, the index, status and files. */
  snapshot(): { gitmodules: string; index: string; status: string; files: string[] } {
    const files: string[] = [];
    const walk = (dir: string, rel: string): void => {
      for (const name of fs.readdirSync(dir).sort()) {
        if (name === '.git') continue;
        const abs = path.join(dir, name);
        const isDir = fs.statSync(abs).isDirectory();
        files.push(`${rel}${name}${isDir ? '/' : ''}`);
        if (isDir) walk(abs, `${rel}${name}/`);
      }
    };
    walk(this.wc, '');
    return {
      gitmodules: this.gitmodules(),
      index: this.git(['ls-files', '--stage'], this.wc),
      status: this.git(['status', '--porcelain'], this.wc),
      files,
    };
  }

  async destroy(): Promise<void> {
    await this.http.stop();
    fs.rmSync(this.tmp, { recursive: true, force: true });
  }
}
