import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Artifact } from '@goalhost/model';
import {
  computeTargetDir,
  GitClient,
  resolveCredentials,
  scmConnectionOf,
  selectSourceArtifacts,
  serverIdOfUrl,
  submoduleUrl,
  type TargetDirSubject,
} from '@goalhost/plugin-cxx/internal';

const subject = (groupId: string, artifactId: string, extra: Partial<TargetDirSubject> = {}): TargetDirSubject => ({
  id: `${groupId}:${artifactId}:1.0:pom`,
  groupId,
  artifactId,
  version: '1.0',
  baseVersion: '1.0',
  pomFile: '/repo/x.pom',
  ...extra,
});

describe('scm: rules of the goal', () => {
  describe('target directory (sourceTargets, then the POM property, then groupId.artifactId)', () => {
    const dir = (s: TargetDirSubject, prefixes: string[] = [], targets = []) =>
      computeTargetDir(s, targets, prefixes).dir;

    it('reproduces the worked examples of the original plugin', () => {
      expect([
        dir(subject('fr.neticoa', 'sample')),
        dir(subject('fr.neticoa', 'sample'), ['fr.neticoa']),
        dir(subject('fr.neticoa', 'sample'), ['fr/neticoa']),
        dir(subject('fr.neticoa', 'modulea'), ['fr/neticoa', 'module']),
        dir(subject('fr.neticoa', 'moduleb', { targetDirProperty: 'moduleb_forced' }), ['fr/neticoa', 'mod']),
        dir(subject('org.x', 'my.lib')),
      ]).to.deep.equal(['fr/neticoa/sample', 'sample', 'sample', 'modulea', 'uleb_forced', 'org/x/my/lib']);
    });

    it('matches sourceTargets on groupId and artifactId, and on the version only when one is given (resolved or base version)', () => {
      const snapshot = subject('g', 'a', { version: '1.0-20200101.120000-3', baseVersion: '1.0-SNAPSHOT' });
      const targets = (version?: string) => [
        {
          dependency: { groupId: 'g', artifactId: 'a', ...(version ? { version } : {}) },
          targetDir: `t-${version ?? 'any'}`,
        },
      ];
      expect([
        computeTargetDir(snapshot, targets('1.0-SNAPSHOT'), []).dir,
        computeTargetDir(snapshot, targets('1.0-20200101.120000-3'), []).dir,
        computeTargetDir(snapshot, targets('2.0'), []).dir,
        computeTargetDir(snapshot, targets(), []).dir,
      ]).to.deep.equal(['t-1.0-SNAPSHOT', 't-1.0-20200101.120000-3', 'g/a', 't-any']);
    });

    it('normalises and refuses targets svn and git would refuse', () => {
      const attempt = (d: string): string => {
        try {
          return computeTargetDir(subject('g', 'a', { targetDirProperty: d }), [], []).dir;
        } catch (e) {
          return (e as Error).message
            .replace(
              /^Invalid target directory '.*?' for source dependency g:a:1.0:pom \(from the property scm\.dependencies\.source\.targetDir=.*? of \/repo\/x\.pom\): /,
              '',
            )
            .replace(/\. Give it.*$/, '');
        }
      };
      expect(['a//b/./c/', '//abs', 'a/../../b', '.', 'a\\b', '-rx', 'x/.svn/y'].map(attempt)).to.deep.equal([
        'a/b/c',
        'it is absolute',
        "it contains '..' and would escape the externals directory",
        'it is empty (it would be the externals directory itself)',
        'backslashes and line breaks are not allowed (use / between directories)',
        "svn would read a directory starting with '-r' as a revision",
        'it names a version-control metadata directory',
      ]);
    });

    it('a sourceTarget without targetDir is a configuration error', () => {
      expect(() =>
        computeTargetDir(subject('g', 'a'), [{ dependency: { groupId: 'g', artifactId: 'a' } }], []),
      ).to.throw(
        'The sourceTargets entry for g:a has no <targetDir>: add <targetDir>relative/dir</targetDir> to that <sourceTarget> in the plugin configuration.',
      );
    });
  });

  describe('credentials', () => {
    it('server id is hostname[:port] as written in the URL, for every scheme', () => {
      expect(
        [
          'https://svn.example.com/x',
          'https://svn.example.com:8443/x',
          'svn://127.0.0.1:3690/repo',
          'svn+ssh://user@Host.Example.com/repo',
          'git@github.com:owner/repo.git',
          'file:///srv/git/x.git',
          'https://user:pw@host:81/x',
        ].map(serverIdOfUrl),
      ).to.deep.equal([
        'svn.example.com',
        'svn.example.com:8443',
        '127.0.0.1:3690',
        'Host.Example.com',
        'github.com',
        undefined,
        'host:81',
      ]);
    });

    const decrypter = { decryptOrPlain: (v: string) => v.replace(/^\{enc:(.*)\}$/, '$1') };
    const servers = [
      { id: 'h:1', username: 'su', password: '{enc:sp}' },
      { id: 'named', username: 'nu', password: 'np' },
    ];
    it('parameters first, then the settings server (settingsServerId, else host:port) fills what is missing', () => {
      const pick = (o: object) => {
        const r = resolveCredentials('https://h:1/x', { servers, decrypter, settingsFile: '/s.xml', ...o });
        return [r.username, r.password, r.source];
      };
      expect([
        pick({ username: 'pu', password: 'pp' }),
        pick({}),
        pick({ username: 'pu' }),
        pick({ password: 'pp' }),
        pick({ settingsServerId: 'named' }),
        pick({ settingsServerId: 'missing' }),
      ]).to.deep.equal([
        ['pu', 'pp', 'the username and password parameters'],
        ['su', 'sp', "server 'h:1' in /s.xml"],
        ['pu', 'sp', "the username parameter and server 'h:1' in /s.xml"],
        ['su', 'pp', "the password parameter and server 'h:1' in /s.xml"],
        ['nu', 'np', "server 'named' in /s.xml"],
        [undefined, undefined, "none (no server 'missing' in settings.xml)"],
      ]);
    });
  });

  describe('SCM connections', () => {
    const pom = (connection: string, tag?: string) => ({
      file: '/p.pom',
      artifactId: 'a',
      scm: { connection, ...(tag ? { tag } : {}) },
    });
    it('reads svn and git URLs in the forms Maven SCM allows, taking credentials out of git URLs', () => {
      expect(
        [
          pom('scm:svn:https://h/svn/x/trunk'),
          pom('SCM:SVN:svn://h/x'),
          pom('scm|svn|https://h/svn/x'),
          pom('scm:git:https://h/g/x.git', 'v1.0'),
          pom('scm:git:https://user:p%40ss@h/g/x.git', 'HEAD'),
          pom('scm:git:git@github.com:owner/x.git'),
          pom('scm:git:ssh://git@h:2222/x.git'),
          pom('scm:git:[fetch=]https://h/f.git[push=]ssh://h/p.git'),
          pom('scm:git:file:///srv/git/x.git'),
        ].map((p) => scmConnectionOf('g:a:1:pom', p, 'connection')),
      ).to.deep.equal([
        { provider: 'svn', url: 'https://h/svn/x/trunk' },
        { provider: 'svn', url: 'svn://h/x' },
        { provider: 'svn', url: 'https://h/svn/x' },
        { provider: 'git', url: 'https://h/g/x.git', tag: 'v1.0' },
        { provider: 'git', url: 'https://h/g/x.git', userInfo: { username: 'user', password: 'p@ss' } },
        { provider: 'git', url: 'git@github.com:owner/x.git' },
        { provider: 'git', url: 'ssh://git@h:2222/x.git' },
        { provider: 'git', url: 'https://h/f.git' },
        { provider: 'git', url: 'file:///srv/git/x.git' },
      ]);
    });

    it('takes the password out of every URL: credentials for svn and git over http(s), dropped (with a warning) from ssh logins', () => {
      expect(
        [
          pom('scm:svn:svn://alice:s%3Acret@h:3690/x'),
          pom('scm:svn:https://alice@h/svn/x'),
          pom('scm:svn:svn+ssh://alice:pw@h/x'),
          pom('scm:git:ssh://git:pw@h:2222/x.git'),
          pom('scm:git:https://user:50%off@h/x.git'),
        ].map((p) => scmConnectionOf('g:a:1:pom', p, 'connection')),
      ).to.deep.equal([
        { provider: 'svn', url: 'svn://h:3690/x', userInfo: { username: 'alice', password: 's:cret' } },
        { provider: 'svn', url: 'https://h/svn/x', userInfo: { username: 'alice' } },
        {
          provider: 'svn',
          url: 'svn+ssh://alice@h/x',
          warning:
            'The password in <scm><connection> of g:a:1:pom (svn+ssh://alice:***@h/x) is not used: svn+ssh authenticates with ssh keys or an agent. Remove it from the URL.',
        },
        {
          provider: 'git',
          url: 'ssh://git@h:2222/x.git',
          warning:
            'The password in <scm><connection> of g:a:1:pom (ssh://git:***@h:2222/x.git) is not used: ssh authenticates with ssh keys or an agent. Remove it from the URL.',
        },
        { provider: 'git', url: 'https://h/x.git', userInfo: { username: 'user', password: '50%off' } },
      ]);
    });

    /** The error for connection `c`, or 'accepted'. */
    const message = (c: string): string => {
      try {
        scmConnectionOf('g:a:1:pom', pom(c), 'connection');
        return 'accepted';
      } catch (e) {
        return (e as Error).message;
      }
    };

    it('rejects what is not scm:<provider>:<url>', () => {
      expect(['svn:https://h/x', 'scm:svn', 'scm:cvs:pserver:x'].map(message)).to.deep.equal([
        'SCM Uri content invalide : svn:https://h/x (artifact g:a:1:pom, <scm><connection> of /p.pom): it does not have the form scm:<provider>:<url>. Expected scm:svn:<absolute svn URL> or scm:git:<git URL>.',
        'SCM Uri content invalide : scm:svn (artifact g:a:1:pom, <scm><connection> of /p.pom): it does not have the form scm:<provider>:<url>. Expected scm:svn:<absolute svn URL> or scm:git:<git URL>.',
        'SCM unsupported yet : cvs (artifact g:a:1:pom, <scm><connection> of /p.pom): goalhost handles scm:svn: and scm:git: connections.',
      ]);
    });

    it('a refused connection is quoted with its password shown as ***', () => {
      expect(['scm:svn:javascript://u:pw@h/x', 'scm:git:ftp://u:pw@h/x.git'].map(message)).to.deep.equal([
        "SCM Uri content invalide : scm:svn:javascript://u:***@h/x (artifact g:a:1:pom, <scm><connection> of /p.pom): svn cannot use 'javascript://' URLs here (svn, svn+ssh, http, https, file are supported). Expected scm:svn:<absolute svn URL> or scm:git:<git URL>.",
        "SCM Uri content invalide : scm:git:ftp://u:***@h/x.git (artifact g:a:1:pom, <scm><connection> of /p.pom): git cannot use 'ftp://' URLs here (https, http, ssh, git and file are supported). Expected scm:svn:<absolute svn URL> or scm:git:<git URL>.",
      ]);
    });

    it('refuses URLs that git, svn or ssh would read as an option or a command ', () => {
      const shortly = (c: string): string =>
        message(c).replace(
          /^SCM Uri content invalide : (.*) \(artifact g:a:1:pom, <scm><connection> of \/p\.pom\): (.*)\. Expected scm:svn:<absolute svn URL> or scm:git:<git URL>\.$/,
          '$1 -> $2',
        );
      expect(
        [
          'scm:git:--upload-pack=touch /tmp/pwned;:',
          'scm:git:[fetch=]-uhost:x[push=]h:y',
          'scm:git:ext::sh -c touch% /tmp/pwned',
          'scm:git:fd::17',
          'scm:git:-oProxyCommand=touch /tmp/pwned:x',
          'scm:git:git@-oProxyCommand=x:y',
          'scm:git:ssh://-oProxyCommand=touch%20x/y.git',
          'scm:git:ssh://git@-oProxyCommand=x/y.git',
          'scm:svn:svn+ssh://-oProxyCommand=touch%20x/repo',
          'scm:svn:svn+ssh://u@-oProxyCommand=x/repo',
          'scm:svn:javascript://h/x',
          'scm:git:git@h:x.git',
          'scm:svn:svn+ssh://h/repo',
        ].map(shortly),
      ).to.deep.equal([
        "scm:git:--upload-pack=touch /tmp/pwned;: -> '--upload-pack=touch /tmp/pwned;:' starts with '-', which git would read as an option",
        "scm:git:[fetch=]-uhost:x[push=]h:y -> '-uhost:x' starts with '-', which git would read as an option",
        "scm:git:ext::sh -c touch% /tmp/pwned -> 'ext::sh -c touch% /tmp/pwned' names a git remote helper ('<transport>::'), which can run commands",
        "scm:git:fd::17 -> 'fd::17' names a git remote helper ('<transport>::'), which can run commands",
        "scm:git:-oProxyCommand=touch /tmp/pwned:x -> '-oProxyCommand=touch /tmp/pwned:x' starts with '-', which git would read as an option",
        "scm:git:git@-oProxyCommand=x:y -> the host of 'git@-oProxyCommand=x:y' starts with '-', which ssh would read as an option",
        "scm:git:ssh://-oProxyCommand=touch%20x/y.git -> the host of 'ssh://-oProxyCommand=touch%20x/y.git' starts with '-', which ssh would read as an option",
        "scm:git:ssh://git@-oProxyCommand=x/y.git -> the host of 'ssh://git@-oProxyCommand=x/y.git' starts with '-', which ssh would read as an option",
        "scm:svn:svn+ssh://-oProxyCommand=touch%20x/repo -> the host of 'svn+ssh://-oProxyCommand=touch%20x/repo' starts with '-', which ssh would read as an option",
        "scm:svn:svn+ssh://u@-oProxyCommand=x/repo -> the host of 'svn+ssh://u@-oProxyCommand=x/repo' starts with '-', which ssh would read as an option",
        "scm:svn:javascript://h/x -> svn cannot use 'javascript://' URLs here (svn, svn+ssh, http, https, file are supported)",
        'accepted',
        'accepted',
      ]);
    });

    it('git itself runs no remote helper and no transport chosen by the URL (real git)', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-ext-'));
      try {
        const pwned = path.join(dir, 'pwned');
        const git = new GitClient();
        const error = await git.lsRemote(dir, `ext::sh -c touch% ${pwned}`, ['HEAD']).then(
          () => 'accepted',
          (e: Error) => e.message,
        );
        expect(error).to.contain("transport 'ext' not allowed");
        expect(fs.existsSync(pwned), 'the command did not run').to.equal(false);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  it('submodule URLs are relative to the superproject remote on the same server, absolute elsewhere', () => {
    expect([
      submoduleUrl('https://h/group/lib.git', 'https://h/group/consumer.git'),
      submoduleUrl('https://h/other/lib.git', 'https://user@h/group/consumer.git/'),
      submoduleUrl('git@h:group/lib.git', 'git@h:group/consumer.git'),
      submoduleUrl('file:///srv/git/lib.git', 'file:///srv/git/consumer.git'),
      submoduleUrl('https://other/group/lib.git', 'https://h/group/consumer.git'),
      submoduleUrl('https://h/group/lib.git', undefined),
      submoduleUrl('https://h/group/consumer.git', 'https://h/group/consumer.git'),
    ]).to.deep.equal([
      { url: '../lib.git', relative: true },
      { url: '../../other/lib.git', relative: true },
      { url: '../lib.git', relative: true },
      { url: '../lib.git', relative: true },
      { url: 'https://other/group/lib.git', relative: false },
      { url: 'https://h/group/lib.git', relative: false },
      { url: 'https://h/group/consumer.git', relative: false },
    ]);
  });

  it('selects only type pom dependencies, through the shared filters (includeTypes/excludeTypes have no effect)', () => {
    const a = (artifactId: string, type: string, scope: string, depth: number, groupId = 'g'): Artifact => ({
      groupId,
      artifactId,
      version: '1',
      baseVersion: '1',
      type,
      extension: type === 'pom' ? 'pom' : 'jar',
      scope,
      optional: false,
      file: `/r/${artifactId}`,
      depth,
    });
    const all = [
      a('src1', 'pom', 'compile', 1),
      a('bin', 'jar', 'compile', 1),
      a('src2', 'pom', 'test', 2),
      a('src3', 'pom', 'provided', 1, 'h'),
      a('zip', 'zip', 'compile', 1),
    ];
    const ids = (o: object) => selectSourceArtifacts(all, o).map((x) => x.artifactId);
    expect([
      ids({}),
      ids({ includeTypes: 'jar', excludeTypes: 'pom' }),
      ids({ excludeTransitive: true }),
      ids({ includeScope: 'compile' }),
      ids({ excludeGroupIds: 'h' }),
    ]).to.deep.equal([
      ['src1', 'src2', 'src3'],
      ['src1', 'src2', 'src3'],
      ['src1', 'src3'],
      ['src1', 'src3'],
      ['src1', 'src2'],
    ]);
  });
});

describe('scm: git credentials stay with their origin (real git, loopback HTTP)', () => {
  it('a server that redirects to another port gets no password from the askpass helper', async () => {
    const http = await import('node:http');
    const seen: (string | undefined)[] = [];
    const elsewhere = http.createServer((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="elsewhere"' });
      res.end();
    });
    await new Promise<void>((r) => elsewhere.listen(0, '127.0.0.1', r));
    const otherPort = (elsewhere.address() as import('node:net').AddressInfo).port;
    const first = http.createServer((req, res) => {
      res.writeHead(302, { Location: `http://127.0.0.1:${otherPort}${req.url}` });
      res.end();
    });
    await new Promise<void>((r) => first.listen(0, '127.0.0.1', r));
    const port = (first.address() as import('node:net').AddressInfo).port;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-redirect-'));
    try {
      const error = await new GitClient()
        .lsRemote(dir, `http://127.0.0.1:${port}/lib.git`, ['HEAD'], { username: 'alice', password: 'git-s3cret' })
        .then(
          () => 'accepted',
          (e: Error) => e.message,
        );
      expect(error).to.match(/could not read Username for 'http:\/\/127\.0\.0\.1:\d+'/);
      expect(error).not.to.include('git-s3cret');
      expect(seen.length, 'git reached the other server').to.be.greaterThan(0);
      expect(
        seen.filter((a) => a !== undefined),
        'credentials sent to the other origin',
      ).to.deep.equal([]);
    } finally {
      first.close();
      elsewhere.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
