import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readSettings, SettingsError } from '@goalhost/model';

describe('settings.xml reader', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'goalhost-settings-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, text: string): string => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };

  it('reads servers, mirrors, profiles with activation and repositories, interpolating env and user.home', () => {
    const user = write(
      'settings.xml',
      `<settings>
  <localRepository>\${env.REPO_BASE}/repository</localRepository>
  <offline>true</offline>
  <servers><server><id>corp</id><username>me</username><password>{secret}</password></server></servers>
  <mirrors><mirror><id>m</id><url>https://mirror.example/maven</url><mirrorOf>*,!corp</mirrorOf></mirror></mirrors>
  <proxies>
    <proxy><id>corp-proxy</id><host>proxy.example</host><username>pu</username><password>{enc}</password><nonProxyHosts> *.example|localhost </nonProxyHosts></proxy>
    <proxy><active>false</active><protocol>https</protocol><host>off.example</host><port>3128</port></proxy>
  </proxies>
  <profiles>
    <profile><id>corp</id>
      <activation><property><name>ci</name></property></activation>
      <properties><home>\${user.home}</home></properties>
      <repositories><repository><id>corp</id><url>https://repo.example/maven</url><snapshots><enabled>true</enabled><updatePolicy>always</updatePolicy></snapshots></repository></repositories>
    </profile>
  </profiles>
  <activeProfiles><activeProfile>corp</activeProfile></activeProfiles>
  <pluginGroups><pluginGroup>org.codehaus.mojo</pluginGroup></pluginGroups>
</settings>`,
    );
    const settings = readSettings(user, undefined, { REPO_BASE: '/data' });
    expect(settings).to.deep.equal({
      file: user,
      localRepository: '/data/repository',
      offline: true,
      interactiveMode: true,
      servers: [{ id: 'corp', username: 'me', password: '{secret}' }],
      // Maven's defaults: active, protocol http, port 8080, id "default"; nonProxyHosts trimmed.
      proxies: [
        {
          id: 'corp-proxy',
          active: true,
          protocol: 'http',
          host: 'proxy.example',
          port: 8080,
          username: 'pu',
          password: '{enc}',
          nonProxyHosts: '*.example|localhost',
        },
        { id: 'default', active: false, protocol: 'https', host: 'off.example', port: 3128 },
      ],
      mirrors: [{ id: 'm', url: 'https://mirror.example/maven', mirrorOf: '*,!corp' }],
      profiles: [
        {
          id: 'corp',
          activeByDefault: false,
          properties: { home: os.homedir() },
          repositories: [
            {
              id: 'corp',
              url: 'https://repo.example/maven',
              releases: { enabled: true, updatePolicy: undefined, checksumPolicy: undefined },
              snapshots: { enabled: true, updatePolicy: 'always', checksumPolicy: undefined },
            },
          ],
          pluginRepositories: [],
          activation: {
            activeByDefault: undefined,
            jdk: undefined,
            os: undefined,
            property: { name: 'ci', value: undefined },
            file: undefined,
          },
        },
      ],
      activeProfiles: ['corp'],
      pluginGroups: ['org.codehaus.mojo'],
    });
  });

  it('merges user over global settings by id, the user file winning', () => {
    const user = write(
      'user.xml',
      '<settings><servers><server><id>a</id><username>user</username></server></servers><activeProfiles><activeProfile>p</activeProfile></activeProfiles></settings>',
    );
    const global = write(
      'global.xml',
      '<settings><localRepository>/global/repo</localRepository><servers><server><id>a</id><username>global</username></server><server><id>b</id></server></servers><activeProfiles><activeProfile>g</activeProfile></activeProfiles></settings>',
    );
    const merged = readSettings(user, global, {});
    expect(merged.localRepository).to.equal('/global/repo');
    expect(merged.servers).to.deep.equal([{ id: 'a', username: 'user' }, { id: 'b' }]);
    expect(merged.activeProfiles).to.deep.equal(['p', 'g']);
  });

  it('fails clearly for a missing explicit file and for malformed XML', () => {
    expect(() => readSettings(path.join(dir, 'none.xml'), undefined, {})).to.throw(
      SettingsError,
      `The specified settings file does not exist: ${path.join(dir, 'none.xml')}`,
    );
    const bad = write('bad.xml', '<settings>\n  <servers>\n</settings>\n');
    // Maven 3.8.7 (mvn -s bad.xml): the settings builder's FATAL problem with MXParser's message.
    expect(() => readSettings(bad, undefined, {})).to.throw(
      SettingsError,
      '1 problem was encountered while building the effective settings\n' +
        `[FATAL] Non-parseable settings ${bad}: end tag name </settings> must match start tag name <servers> from line 2 ` +
        `(position: TEXT seen <settings>\\n  <servers>\\n</settings>... @3:12)  @ ${bad}, line 3, column 12`,
    );
  });
});
