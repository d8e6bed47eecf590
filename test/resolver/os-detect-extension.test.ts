import { expect } from 'chai';
import { parsePom } from '@goalhost/model';
import { runOsDetectExtension, OsDetectionError } from '@goalhost/resolver/internal';
import { toWorkingModel, type WorkingModel } from '@goalhost/resolver/internal';

/**
 * The extension's pass over the session's models (kr.motd.maven.os.DetectExtension's
 * afterProjectsRead), on models read from POM text, with Ubuntu's os-release: which project's
 * os.detection.classifierWithLikes counts, which properties the models and later models get,
 * and which dependency fields are replaced. Checked against Maven 3.8.7 running the extension
 * (a reactor whose second module sets the likes: not used; the first's: used).
 */
const UBUNTU = 'ID=ubuntu\nID_LIKE=debian\nVERSION_ID="22.04"\n';
const SYSTEM = {
  'os.name': 'Linux',
  'os.arch': 'amd64',
  'os.version': '5.15.0-91-generic',
  'sun.arch.data.model': '64',
};
const EXTENSION =
  '<build><extensions><extension><groupId>kr.motd.maven</groupId><artifactId>os-maven-plugin</artifactId><version>1.7.1</version></extension></extensions></build>';

function model(artifactId: string, inside = ''): WorkingModel {
  const text = `<project><modelVersion>4.0.0</modelVersion><groupId>g</groupId><artifactId>${artifactId}</artifactId><version>1</version>${inside}</project>`;
  return toWorkingModel(parsePom(text, `/work/${artifactId}/pom.xml`), `/work/${artifactId}/pom.xml`);
}

function run(
  models: readonly WorkingModel[],
  userProperties: Record<string, string> = {},
  system: Record<string, string> = SYSTEM,
) {
  const logged: string[] = [];
  const added = runOsDetectExtension(models, {
    userProperties,
    systemProperties: { ...system, ...userProperties },
    readFile: (file) => (file === '/etc/os-release' ? UBUNTU : undefined),
    info: (line) => logged.push(line),
  });
  return { added, logged };
}

const likes = (value: string): string =>
  `<properties><os.detection.classifierWithLikes>${value}</os.detection.classifierWithLikes></properties>`;

describe("resolver: the os-maven-plugin extension over the session's projects", () => {
  it('no project declares it: nothing is logged or changed', () => {
    const plain = model(
      'plain',
      '<dependencies><dependency><groupId>g</groupId><artifactId>n</artifactId><version>1</version><classifier>${os.detected.classifier}</classifier></dependency></dependencies>',
    );
    const { added, logged } = run([plain]);
    expect(added).to.equal(undefined);
    expect(logged).to.deep.equal([]);
    expect(plain.dependencies[0].classifier).to.equal('${os.detected.classifier}');
    expect([...plain.properties.keys()]).to.deep.equal([]);
  });

  it('a declaring project anywhere in the session: every project gets the properties; os.detected.version* are logged only', () => {
    const first = model('first');
    const declaring = model('declaring', EXTENSION);
    const { added, logged } = run([first, declaring]);
    const expected = {
      'os.detected.name': 'linux',
      'os.detected.arch': 'x86_64',
      'os.detected.bitness': '64',
      'os.detected.classifier': 'linux-x86_64',
      'os.detected.release': 'ubuntu',
      'os.detected.release.version': '22.04',
      'os.detected.release.like.ubuntu': 'true',
      'os.detected.release.like.debian': 'true',
    };
    expect(added).to.deep.equal(expected);
    for (const m of [first, declaring]) expect(Object.fromEntries(m.properties)).to.deep.equal(expected);
    expect(logged).to.deep.equal([
      '------------------------------------------------------------------------',
      'Detecting the operating system and CPU architecture',
      '------------------------------------------------------------------------',
      'os.detected.name: linux',
      'os.detected.arch: x86_64',
      'os.detected.bitness: 64',
      'os.detected.version: 5.15',
      'os.detected.version.major: 5',
      'os.detected.version.minor: 15',
      'os.detected.release: ubuntu',
      'os.detected.release.version: 22.04',
      'os.detected.release.like.ubuntu: true',
      'os.detected.release.like.debian: true',
      'os.detected.classifier: linux-x86_64',
    ]);
  });

  it('declared as a build plugin with <extensions>true</extensions> (any case); a plain build plugin does not count', () => {
    const plugin = (extensions: string) =>
      model(
        'p',
        `<build><plugins><plugin><groupId>kr.motd.maven</groupId><artifactId>os-maven-plugin</artifactId>${extensions}</plugin></plugins></build>`,
      );
    expect(run([plugin('<extensions>TRUE</extensions>')]).added?.['os.detected.classifier']).to.equal('linux-x86_64');
    expect(run([plugin('')]).added).to.equal(undefined);
    expect(run([plugin('<extensions>false</extensions>')]).added).to.equal(undefined);
  });

  it("classifierWithLikes: the user property, replaced by the first project's own; later projects' are not read", () => {
    const classifier = (models: WorkingModel[], user: Record<string, string> = {}) =>
      run(models, user).added?.['os.detected.classifier'];
    expect(classifier([model('a', EXTENSION)], { 'os.detection.classifierWithLikes': 'debian' })).to.equal(
      'linux-x86_64-debian',
    );
    expect(
      classifier([model('a', EXTENSION + likes('rhel')), model('b')], { 'os.detection.classifierWithLikes': 'debian' }),
    ).to.equal('linux-x86_64');
    expect(classifier([model('a', EXTENSION + likes('fedora,ubuntu'))])).to.equal('linux-x86_64-ubuntu');
    expect(classifier([model('a', EXTENSION), model('b', likes('debian'))])).to.equal('linux-x86_64');
  });

  it('replaces the properties in dependency coordinates, classifiers, system paths and exclusions (also managed and plugin dependencies), not in type or scope', () => {
    const dependency = (a: string) =>
      `<dependency><groupId>g.\${os.detected.name}</groupId><artifactId>${a}</artifactId><version>1-\${os.detected.bitness}</version><type>zip-\${os.detected.name}</type>` +
      '<classifier>${os.detected.classifier}</classifier><scope>${os.detected.arch}</scope><systemPath>/opt/${os.detected.release}/${unknown}/${os.detected.version}</systemPath>' +
      '<exclusions><exclusion><groupId>x-${os.detected.arch}</groupId><artifactId>y-${os.detected.release.like.debian}</artifactId></exclusion></exclusions></dependency>';
    const m = model(
      'm',
      `<dependencyManagement><dependencies>${dependency('managed')}</dependencies></dependencyManagement><dependencies>${dependency('direct')}</dependencies>` +
        EXTENSION.replace(
          '</build>',
          `<pluginManagement><plugins><plugin><artifactId>p</artifactId><dependencies>${dependency('managed-plugin')}</dependencies></plugin></plugins></pluginManagement>` +
            `<plugins><plugin><artifactId>p</artifactId><dependencies>${dependency('plugin')}</dependencies></plugin></plugins></build>`,
        ),
    );
    run([m]);
    const all = [
      ...m.dependencies,
      ...m.dependencyManagement,
      ...m.build.plugins[0].dependencies,
      ...m.build.pluginManagement[0].dependencies,
    ];
    expect(all.map((d) => d.artifactId)).to.have.members(['direct', 'managed', 'plugin', 'managed-plugin']);
    for (const d of all) {
      const { groupId, version, type, classifier, scope, systemPath, exclusions } = d;
      expect({ groupId, version, type, classifier, scope, systemPath, exclusions }, d.artifactId).to.deep.equal({
        groupId: 'g.linux',
        version: '1-64',
        type: 'zip-${os.detected.name}',
        classifier: 'linux-x86_64',
        scope: '${os.detected.arch}',
        systemPath: '/opt/ubuntu/${unknown}/${os.detected.version}',
        exclusions: [{ groupId: 'x-x86_64', artifactId: 'y-true' }],
      });
    }
  });

  it('an unknown os.name fails naming the declaring project and the way out; failOnUnknownOS=false goes on', () => {
    const models = [model('first'), model('declaring', EXTENSION)];
    let error: unknown;
    try {
      run(models, { 'os.name': 'Plan 9' });
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(OsDetectionError);
    expect((error as OsDetectionError).message).to.equal('unknown os.name: Plan 9');
    expect((error as OsDetectionError).detail).to.deep.equal([
      "The build extension kr.motd.maven:os-maven-plugin of g:declaring:1 (/work/declaring/pom.xml) has no name for this platform's os.name or os.arch.",
      'Give it one with -Dos.name=... or -Dos.arch=..., or build with "unknown" in its place with -DfailOnUnknownOS=false.',
    ]);
    expect([...models[0].properties.keys()], 'nothing applied').to.deep.equal([]);
    expect(run(models, { 'os.name': 'Plan 9', failOnUnknownOS: 'false' }).added?.['os.detected.classifier']).to.equal(
      'unknown-x86_64',
    );
  });
});
