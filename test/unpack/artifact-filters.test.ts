import { expect } from 'chai';
import { filterByScope, filterTokens, normalizeList } from '@goalhost/api';
import { filterArtifacts } from '@goalhost/plugin-cxx/internal';
import type { UnpackArtifact } from '@goalhost/unpack';

function a(id: string, extra: Partial<UnpackArtifact> = {}): UnpackArtifact {
  const [groupId, artifactId] = id.split(':');
  return {
    groupId,
    artifactId,
    version: '1.0',
    baseVersion: '1.0',
    type: 'zip',
    extension: 'zip',
    scope: 'compile',
    file: `/repo/${artifactId}.zip`,
    direct: true,
    ...extra,
  };
}

const ids = (list: readonly UnpackArtifact[]): string[] => list.map((x) => `${x.groupId}:${x.artifactId}`);

describe('unpack: list tokens (maven-dependency-plugin 3.5.0 rules)', () => {
  it('trims the value and the whitespace around commas, keeping inner spaces', () => {
    expect(normalizeList(' alpha,bravo, charlie , delta kappa, theta')).to.equal(
      'alpha,bravo,charlie,delta kappa,theta',
    );
    expect(normalizeList(' \r\n a, \t \n \r b \t \n \r')).to.equal('a,b');
    expect(normalizeList(undefined)).to.equal('');
    expect(normalizeList('  ')).to.equal('');
  });

  it('splits like Java: trailing empty tokens dropped, leading and inner ones kept', () => {
    expect(filterTokens('a,b,')).to.deep.equal(['a', 'b']);
    expect(filterTokens(',a')).to.deep.equal(['', 'a']);
    expect(filterTokens('a,,b')).to.deep.equal(['a', '', 'b']);
    expect(filterTokens(',')).to.deep.equal([]);
    expect(filterTokens('')).to.deep.equal([]);
  });
});

describe('unpack: artifact filters', () => {
  const scoped = [
    a('g:compile'),
    a('g:provided', { scope: 'provided' }),
    a('g:test', { scope: 'test' }),
    a('g:runtime', { scope: 'runtime' }),
    a('g:system', { scope: 'system' }),
  ];

  it('includeScope follows Maven classpath scopes (mediated scopes)', () => {
    const inc = (s: string): string[] => ids(filterByScope(scoped, s, ''));
    expect(inc('compile')).to.deep.equal(['g:compile', 'g:provided', 'g:system']);
    expect(inc('runtime')).to.deep.equal(['g:compile', 'g:runtime']);
    expect(inc('test')).to.deep.equal(ids(scoped));
    expect(inc('provided')).to.deep.equal(['g:provided']);
    expect(inc('system')).to.deep.equal(['g:system']);
    expect(inc(' runtime ')).to.deep.equal(['g:compile', 'g:runtime']);
  });

  it('excludeScope drops what the include rule would take; includeScope wins over it', () => {
    const exc = (s: string): string[] => ids(filterByScope(scoped, '', s));
    expect(exc('compile')).to.deep.equal(['g:test', 'g:runtime']);
    expect(exc('runtime')).to.deep.equal(['g:provided', 'g:test', 'g:system']);
    expect(exc('provided')).to.deep.equal(['g:compile', 'g:test', 'g:runtime', 'g:system']);
    expect(exc('system')).to.deep.equal(['g:compile', 'g:provided', 'g:test', 'g:runtime']);
    expect(ids(filterByScope(scoped, 'provided', 'nonsense'))).to.deep.equal(['g:provided']);
  });

  it('a null scope (classifier-translated artifact) is kept by classpath includes, dropped by classpath excludes', () => {
    const none = [a('g:none', { scope: null })];
    expect(ids(filterByScope(none, 'runtime', ''))).to.deep.equal(['g:none']);
    expect(ids(filterByScope(none, 'system', ''))).to.deep.equal([]);
    expect(ids(filterByScope(none, '', 'compile'))).to.deep.equal([]);
    expect(ids(filterByScope(none, '', 'system'))).to.deep.equal(['g:none']);
  });

  it('rejects invalid scopes with Maven’s messages (case-sensitive, single word)', () => {
    expect(() => filterByScope(scoped, 'Runtime', '')).to.throw('Invalid Scope in includeScope: Runtime');
    expect(() => filterByScope(scoped, 'compile,runtime', '')).to.throw(
      'Invalid Scope in includeScope: compile,runtime',
    );
    expect(() => filterByScope(scoped, '', 'coMpile')).to.throw('Invalid Scope in excludeScope: coMpile');
    expect(() => filterByScope(scoped, '', ' test')).to.throw(
      " Can't exclude Test scope, this will exclude everything.",
    );
  });

  it('include lists regroup by token (the unpack order); excludes apply afterwards', () => {
    const list = [a('g.foo.sub:x'), a('g.bar:y'), a('g.foobar:z'), a('other:w')];
    expect(ids(filterArtifacts(list, { includeGroupIds: 'g.bar, g.foo' }))).to.deep.equal([
      'g.bar:y',
      'g.foo.sub:x',
      'g.foobar:z',
    ]);
    expect(ids(filterArtifacts(list, { includeGroupIds: 'g', excludeGroupIds: 'g.foo' }))).to.deep.equal(['g.bar:y']);
    // An empty token is a prefix of every groupId.
    expect(ids(filterArtifacts(list, { includeGroupIds: ',other' }))).to.deep.equal(ids(list));
  });

  it('types, classifiers and artifactIds match exactly and case-sensitively', () => {
    const list = [
      a('g:alpha', { type: 'jar' }),
      a('g:alphabet', { type: 'test-jar', classifier: 'tests' }),
      a('g:gamma', { classifier: 'linux' }),
    ];
    expect(ids(filterArtifacts(list, { includeTypes: 'ZIP' }))).to.deep.equal([]);
    expect(ids(filterArtifacts(list, { excludeTypes: 'jar' }))).to.deep.equal(['g:alphabet', 'g:gamma']);
    expect(ids(filterArtifacts(list, { includeArtifactIds: 'gamma,alpha' }))).to.deep.equal(['g:gamma', 'g:alpha']);
    expect(ids(filterArtifacts(list, { includeClassifiers: 'linux,tests' }))).to.deep.equal(['g:gamma', 'g:alphabet']);
    expect(ids(filterArtifacts(list, { excludeClassifiers: 'linux' }))).to.deep.equal(['g:alpha', 'g:alphabet']);
  });

  it('cxx regex classifiers: whole-classifier matches, never an artifact without classifier', () => {
    const list = [
      a('g:plain'),
      a('g:bl', { classifier: 'bin-linux' }),
      a('g:bw', { classifier: 'bin-win64' }),
      a('g:l', { classifier: 'linux' }),
    ];
    expect(ids(filterArtifacts(list, { includeRegexClassifiers: 'bin-.*' }))).to.deep.equal(['g:bl', 'g:bw']);
    expect(ids(filterArtifacts(list, { includeRegexClassifiers: 'linux' }))).to.deep.equal(['g:l']);
    expect(ids(filterArtifacts(list, { excludeRegexClassifiers: '.*linux' }))).to.deep.equal(['g:plain', 'g:bw']);
    expect(ids(filterArtifacts(list, { includeRegexClassifiers: '(?i)BIN-WIN.*, linux' }))).to.deep.equal([
      'g:bw',
      'g:l',
    ]);
    expect(() => filterArtifacts(list, { includeRegexClassifiers: 'x{1,3}' })).to.throw(
      "Invalid regular expression 'x{1' in includeRegexClassifiers",
    );
  });

  it('excludeTransitive keeps the direct dependencies only', () => {
    const list = [a('g:direct'), a('g:transitive', { direct: false })];
    expect(ids(filterArtifacts(list, { excludeTransitive: true }))).to.deep.equal(['g:direct']);
    expect(ids(filterArtifacts(list, { excludeTransitive: false }))).to.deep.equal(['g:direct', 'g:transitive']);
  });
});
