import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { encryptMavenPassword } from '@goalhost/model';
import { FaultyRepoServer } from '../faults/faulty-repo-server';
import { generator } from '../hostile/fixtures';
import { errorLines, Sandbox, treeOf, type Run } from '../hostile/sandbox';
import { ForwardProxy, type ProxiedRequest } from '../support/forward-proxy';

/**
 * settings.xml `<proxies>` through the real CLI, a real forward proxy and real repositories on
 * loopback (http, and https with a certificate made for the test). The selection rules were
 * settled by running real Maven 3.8.7 through the same proxy: active proxies in order, the first
 * per protocol whose nonProxyHosts (`|`-separated, `*`, any case, trimmed) do not name the host;
 * an https repository uses an http proxy through CONNECT; credentials are sent at once.
 */
describe('resolver: settings.xml proxies (real forward proxy, http and https repositories)', function () {
  this.timeout(60_000);
  const POM = 'f/a/1.0/a-1.0.pom';
  const ZIP = 'f/a/1.0/a-1.0.zip';
  const archive = generator.zip([{ name: 'inc/a.h', data: '#define A 1\n', mode: 0o644 }]);
  let tlsDir: string;
  let tls: { key: string; cert: string };
  let repo: FaultyRepoServer;
  let proxy: ForwardProxy;
  let sandbox: Sandbox;

  before(() => {
    sandbox = Sandbox.create('proxies-tls');
    tlsDir = sandbox.root;
    // A certificate for localhost and 127.0.0.1, trusted by goalhost through NODE_EXTRA_CA_CERTS.
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        path.join(tlsDir, 'key.pem'),
        '-out',
        path.join(tlsDir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    tls = {
      key: fs.readFileSync(path.join(tlsDir, 'key.pem'), 'utf8'),
      cert: fs.readFileSync(path.join(tlsDir, 'cert.pem'), 'utf8'),
    };
  });
  after(() => sandbox?.dispose());

  async function serve(options: { https?: boolean; auth?: boolean } = {}): Promise<void> {
    repo = new FaultyRepoServer();
    if (options.https) repo.tls = tls;
    repo.files.set(
      POM,
      Buffer.from(
        '<project><modelVersion>4.0.0</modelVersion><groupId>f</groupId><artifactId>a</artifactId><version>1.0</version></project>\n',
      ),
    );
    repo.files.set(ZIP, archive);
    await repo.start();
    proxy = await ForwardProxy.start(options.auth ? { username: 'proxyuser', password: 'pr0xy pass' } : undefined);
  }
  afterEach(async () => {
    await repo?.stop();
    await proxy?.stop();
  });

  /** Resolves and unpacks f:a:zip:1.0 from the repository at `host` (its port added) with these `<proxies>`. */
  function build(host: string, proxies: string, extra = ''): Promise<Run> {
    const work = Sandbox.create('proxies');
    const url = repo.url.replace('127.0.0.1', host);
    work.pom(
      [{ groupId: 'f', artifactId: 'a', type: 'zip' }],
      `  <repositories><repository><id>remote</id><url>${url}</url></repository></repositories>\n`,
    );
    const settings = path.join(work.root, 'settings.xml');
    fs.writeFileSync(
      settings,
      `<settings><proxies>${proxies.replace(/PORT/g, String(proxy.port))}</proxies>` +
        `<mirrors><mirror><id>no-central</id><url>${url}/none</url><mirrorOf>central</mirrorOf></mirror></mirrors>${extra}</settings>\n`,
    );
    return work
      .run(
        [
          '-B',
          '-s',
          settings,
          `-Dmaven.repo.local=${work.repo}`,
          `-Dsettings.security=${path.join(tlsDir, 'security.xml')}`,
          'cxx:unpack-dependencies',
        ],
        {
          env: { NODE_EXTRA_CA_CERTS: path.join(tlsDir, 'cert.pem') },
        },
      )
      .then((run) => {
        if (run.status === 0)
          expect(treeOf(path.join(work.proj, 'target', 'dependency'))).to.deep.equal([
            'd 755 inc/',
            'f 644 inc/a.h = "#define A 1\\n"',
          ]);
        work.dispose();
        return run;
      });
  }
  const proxyXml = (body: string) => `<proxy><host>127.0.0.1</host><port>PORT</port>${body}</proxy>`;
  const targets = (seen: readonly ProxiedRequest[]) =>
    seen.map((r) => `${r.method} ${r.target.replace(/:\d+/, ':PORT')}`);

  it('an http repository: every request goes through the proxy, in absolute form', async () => {
    await serve();
    const run = await build('localhost', proxyXml('<id>corp</id>'));
    expect(run.status, run.stdout).to.equal(0);
    expect(targets(proxy.requests)).to.deep.equal([
      'GET http://localhost:PORT/repo/f/a/1.0/a-1.0.pom',
      'GET http://localhost:PORT/repo/f/a/1.0/a-1.0.pom.sha1',
      'GET http://localhost:PORT/repo/f/a/1.0/a-1.0.zip',
      'GET http://localhost:PORT/repo/f/a/1.0/a-1.0.zip.sha1',
    ]);
  });

  it('an https repository through an http proxy: one CONNECT tunnel, TLS to the repository inside it', async () => {
    await serve({ https: true });
    const run = await build('localhost', proxyXml('<id>corp</id><protocol>http</protocol>'));
    expect(run.status, run.stdout).to.equal(0);
    expect(new Set(targets(proxy.requests))).to.deep.equal(new Set(['CONNECT localhost:PORT']));
    expect(repo.requests).to.deep.equal([
      '/repo/f/a/1.0/a-1.0.pom',
      '/repo/f/a/1.0/a-1.0.pom.sha1',
      '/repo/f/a/1.0/a-1.0.zip',
      '/repo/f/a/1.0/a-1.0.zip.sha1',
    ]);
  });

  it('nonProxyHosts: |-separated patterns with *, any case, trimmed, reach the repository directly (as Maven 3.8.7)', async () => {
    await serve();
    for (const skip of ['local*', 'LOCALHOST', ' localhost ', 'example.com|*host']) {
      const run = await build('localhost', proxyXml(`<id>corp</id><nonProxyHosts>${skip}</nonProxyHosts>`));
      expect(run.status, `${skip}: ${run.stdout}`).to.equal(0);
      expect(proxy.requests, skip).to.deep.equal([]);
    }
    // A comma is not a separator, and a port is not part of the host: both still use the proxy.
    for (const notSkipped of ['example.com,localhost', 'localhost:*']) {
      proxy.requests.length = 0;
      const run = await build('localhost', proxyXml(`<id>corp</id><nonProxyHosts>${notSkipped}</nonProxyHosts>`));
      expect(run.status).to.equal(0);
      expect(proxy.requests.length, notSkipped).to.equal(4);
    }
  });

  it('an inactive proxy is skipped, the next one used; an https-only proxy does not serve an http repository', async () => {
    await serve();
    const dead = '<proxy><id>off</id><active>false</active><host>127.0.0.1</host><port>1</port></proxy>';
    expect((await build('localhost', `${dead}${proxyXml('<id>corp</id>')}`)).status).to.equal(0);
    expect(proxy.requests.length).to.equal(4);
    proxy.requests.length = 0;
    expect((await build('localhost', proxyXml('<id>tls-only</id><protocol>https</protocol>'))).status).to.equal(0);
    expect(proxy.requests).to.deep.equal([]);
  });

  it("credentials (an encrypted password too) go to the proxy at once; wrong ones fail with Maven's message", async () => {
    await serve({ auth: true });
    fs.writeFileSync(
      path.join(tlsDir, 'security.xml'),
      `<settingsSecurity><master>${encryptMavenPassword('master', 'settings.security')}</master></settingsSecurity>\n`,
    );
    const encrypted = encryptMavenPassword('pr0xy pass', 'master');
    const run = await build(
      'localhost',
      proxyXml(`<id>corp</id><username>proxyuser</username><password>${encrypted}</password>`),
    );
    expect(run.status, run.stdout).to.equal(0);
    expect(new Set(proxy.requests.map((r) => r.proxyAuthorization))).to.deep.equal(
      new Set([`Basic ${Buffer.from('proxyuser:pr0xy pass').toString('base64')}`]),
    );
    const wrong = await build(
      'localhost',
      proxyXml('<id>corp</id><username>proxyuser</username><password>nope</password>'),
    );
    expect(wrong.status).to.equal(1);
    const url = `${repo.url.replace('127.0.0.1', 'localhost')}`;
    expect(errorLines(wrong)[0]).to.equal(
      '[ERROR] Failed to execute goal on project p: Could not resolve dependencies for project t:p:pom:1: ' +
        `Failed to collect dependencies at f:a:zip:1.0: Failed to read artifact descriptor for f:a:zip:1.0: Could not transfer artifact f:a:pom:1.0 from/to remote (${url}): ` +
        `proxy authentication failed for ${url}/f/a/1.0/a-1.0.pom, status: 407 Proxy Authentication Required -> [Help 1]`,
    );
  });
});
