import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { formatExternal, parseExternals, planExternals, tokenizeExternalsLine } from '@goalhost/plugin-cxx/internal';
import { SvnFixture } from './support/svn-fixture';

describe('scm: svn:externals reading and writing', () => {
  it('tokenizes like APR: blanks split, quotes group, backslash escapes blanks and quotes', () => {
    expect(
      [
        '-r455 source target ',
        '-r2 "^/source2" target    ',
        ' \t-r223 ^/source\\ avec\\ espace target2    ',
        ' \t-r2230 "^/source\\ avec\\ espace et quote"   target3    ',
        "'^/a b' dir",
        '"a"b c',
        'a"b c"',
        'x\\\\y z',
      ].map(tokenizeExternalsLine),
    ).to.deep.equal([
      ['-r455', 'source', 'target'],
      ['-r2', '^/source2', 'target'],
      ['-r223', '^/source avec espace', 'target2'],
      ['-r2230', '^/source avec espace et quote', 'target3'],
      ['^/a b', 'dir'],
      ['a', 'b', 'c'],
      ['a"b', 'c"'],
      ['x\\y', 'z'],
    ]);
  });

  it('reads every 1.5+ and pre-1.5 form, comments, blank lines and lines svn would reject', () => {
    const value = [
      '# comment',
      '  # indented comment',
      '',
      '^/lib/trunk lib',
      '-r12 ^/lib/trunk lib12',
      '-r 13 ^/lib/trunk@10 lib13',
      '-r{2020-01-01} http://h/svn/lib lib-date',
      '//h/svn/lib other-host',
      '/svn/lib same-host',
      '../sibling sibling',
      '^/../repo2/lib other-repo',
      'http://h/svn/lib@148 "my dir"',
      'old-dir http://h/svn/old',
      'old-rev -r7 http://h/svn/old',
      'old-rev2 -r 8 http://h/svn/old',
      '-rHEAD ^/lib bad-keyword',
      '^/only-one-token',
      'http://h/a http://h/b',
      'url dir # trailing',
    ].join('\n');
    expect(
      parseExternals(`${value}\n`).map((l) =>
        l.kind === 'entry' ? l.definition : l.kind === 'invalid' ? `invalid: ${l.reason}` : l.kind,
      ),
    ).to.deep.equal([
      'comment',
      'comment',
      'blank',
      { url: '^/lib/trunk', target: 'lib' },
      { revision: '12', url: '^/lib/trunk', target: 'lib12' },
      { revision: '13', url: '^/lib/trunk', peg: '10', target: 'lib13' },
      { revision: '{2020-01-01}', url: 'http://h/svn/lib', target: 'lib-date' },
      { url: '//h/svn/lib', target: 'other-host' },
      { url: '/svn/lib', target: 'same-host' },
      { url: '../sibling', target: 'sibling' },
      { url: '^/../repo2/lib', target: 'other-repo' },
      { url: 'http://h/svn/lib', peg: '148', target: 'my dir' },
      { url: 'http://h/svn/old', target: 'old-dir' },
      { revision: '7', peg: '7', url: 'http://h/svn/old', target: 'old-rev' },
      { revision: '8', peg: '8', url: 'http://h/svn/old', target: 'old-rev2' },
      "invalid: revision 'HEAD' is neither a number nor a {DATE}",
      'invalid: 1 tokens (2 to 4 expected)',
      'invalid: two absolute URLs',
      'invalid: expected an URL and a target directory',
    ]);
  });

  it('writes the 1.5+ form, escaping what svn would otherwise split', () => {
    expect([
      formatExternal({ url: '^/lib/trunk', target: 'lib' }),
      formatExternal({ revision: '42', url: 'svn://h/r/lib', target: 'third-party/lib' }),
      formatExternal({ url: '^/lib', peg: '7', target: 'it\'s a "dir" with\ttab' }),
    ]).to.deep.equal([
      '^/lib/trunk lib',
      '-r42 svn://h/r/lib third-party/lib',
      '^/lib@7 it\\\'s\\ a\\ \\"dir\\"\\ with\\\ttab',
    ]);
    expect(tokenizeExternalsLine(formatExternal({ url: '^/lib', target: 'it\'s a "dir"' }))).to.deep.equal([
      '^/lib',
      'it\'s a "dir"',
    ]);
  });

  it('merges as the original: same target replaced in place, else same origin (a move), else appended; the rest kept verbatim', () => {
    const existing = ['# keep me', '  ^/a   a-dir', '^/b old-b-dir', "'^/c' c-dir", ''].join('\n');
    const plan = planExternals(existing, [
      { dependency: 'g:a:1:pom', definition: { url: '^/a2', target: 'a-dir' } },
      { dependency: 'g:b:1:pom', definition: { url: '^/b', target: 'new-b-dir' } },
      { dependency: 'g:c:1:pom', definition: { url: '^/c', target: 'c-dir' } },
      { dependency: 'g:d:1:pom', definition: { revision: '3', url: '^/d', target: 'd dir' } },
    ]);
    expect(plan.value).to.equal(
      ['# keep me', '^/a2 a-dir', '^/b new-b-dir', "'^/c' c-dir", '-r3 ^/d d\\ dir', ''].join('\n'),
    );
    expect(plan.changes.map((c) => `${c.kind} ${c.text}${c.previous ? ` < ${c.previous}` : ''}`)).to.deep.equal([
      'changed ^/a2 a-dir < ^/a   a-dir',
      'changed ^/b new-b-dir < ^/b old-b-dir',
      "unchanged '^/c' c-dir",
      'added -r3 ^/d d\\ dir',
    ]);
    // Nothing to change: the value is returned as it was, byte for byte.
    expect(
      planExternals(plan.value, [{ dependency: 'g:c:1:pom', definition: { url: '^/c', target: 'c-dir' } }]),
    ).to.deep.equal({
      value: plan.value,
      changed: false,
      warnings: [],
      changes: [
        { kind: 'kept', text: '^/a2 a-dir' },
        { kind: 'kept', text: '^/b new-b-dir' },
        { kind: 'unchanged', text: "'^/c' c-dir", dependency: 'g:c:1:pom' },
        { kind: 'kept', text: '-r3 ^/d d\\ dir' },
      ],
    });
  });

  describe('against real svn', function () {
    this.timeout(60000);
    let f: SvnFixture;
    before(async () => {
      f = await SvnFixture.create();
    });
    after(async () => f?.destroy());

    it('svn checks out exactly the directories our reader finds, for every spelling we read or write', () => {
      const lines = [
        '"^/libA/trunk" "quoted dir"',
        '^/libA/trunk with\\ space',
        '-r1 ^/libA/trunk@1 pegged',
        '-r 1 ^/libA/trunk spaced-rev',
        "'^/libA/trunk/src' 'single quoted'",
        `old-style svn://127.0.0.1:${f.server.port}/main/libA/trunk`,
        `//127.0.0.1:${f.server.port}/main/libA/trunk/src scheme-relative`,
        '../../../libA/trunk/src dot-dot',
        formatExternal({ url: '^/libA/trunk/src', target: 'nested/it\'s "q" dir' }),
      ];
      fs.writeFileSync(path.join(f.tmp, 'forms.externals'), `${lines.join('\n')}\n`);
      f.svn(['propset', '-q', 'svn:externals', '--file', path.join(f.tmp, 'forms.externals'), f.holder]);
      f.svn(['update', '-q', f.wc]);
      const ours = parseExternals(f.externals()).map((l) => (l.kind === 'entry' ? l.definition.target : '?'));
      const fetched = ours.filter((t) => fs.existsSync(path.join(f.holder, t, '.svn')));
      expect(ours).to.deep.equal([
        'quoted dir',
        'with space',
        'pegged',
        'spaced-rev',
        'single quoted',
        'old-style',
        'scheme-relative',
        'dot-dot',
        'nested/it\'s "q" dir',
      ]);
      expect(fetched).to.deep.equal(ours);
      expect(fs.readFileSync(path.join(f.holder, 'nested/it\'s "q" dir', 'a.c'), 'utf8')).to.equal('int a;\n');
    });
  });
});
