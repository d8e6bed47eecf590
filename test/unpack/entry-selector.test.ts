import { expect } from 'chai';
import { GoalExecutionError } from '@goalhost/api';
import { entrySelector } from '@goalhost/unpack';

const NAMES = [
  'README.txt',
  'notes.txt~',
  '.DS_Store',
  '.gitignore',
  'include/',
  'include/a.h',
  'include/B.H',
  'include/sub/',
  'include/sub/c.h',
  'src/main.c',
  'src/util.c',
  'lib/internal/x.so',
  'deep/er/internal/y.so',
  '.svn/entries',
  'CVS/Root',
  'sub/.git/config',
  'META-INF/',
  'META-INF/MANIFEST.MF',
];

function selected(includes?: string, excludes?: string): string[] {
  const selector = entrySelector(includes, excludes);
  return NAMES.filter((n) => selector.isSelected(n));
}

describe('unpack: include/exclude patterns (plexus MatchPatterns)', () => {
  it('selects everything without patterns, default excludes included', () => {
    expect(selected()).to.deep.equal(NAMES);
  });

  it('`*` stays within a segment, `**` spans any depth including none', () => {
    expect(selected('*.txt')).to.deep.equal(['README.txt']);
    expect(selected('**/*.h')).to.deep.equal(['include/a.h', 'include/sub/c.h']);
    expect(selected('include/*')).to.deep.equal(['include/a.h', 'include/B.H', 'include/sub/']);
    expect(selected('**/internal/**')).to.deep.equal(['lib/internal/x.so', 'deep/er/internal/y.so']);
    expect(selected('src/ma?n.c')).to.deep.equal(['src/main.c']);
  });

  it('a bare directory name matches the directory entry only; a trailing / means /**', () => {
    expect(selected('include')).to.deep.equal(['include/']);
    expect(selected('META-INF/')).to.deep.equal(['META-INF/', 'META-INF/MANIFEST.MF']);
    expect(selected(undefined, 'META-INF/**')).to.not.include('META-INF/');
  });

  it('ignores a leading / and spaces around patterns; backslashes are separators', () => {
    expect(selected('/include/**')).to.deep.equal(selected('include/**'));
    expect(selected(' **/*.h , *.txt ')).to.deep.equal(['README.txt', 'include/a.h', 'include/sub/c.h']);
    expect(selected('include\\sub\\*')).to.deep.equal(['include/sub/c.h']);
  });

  it('supports %regex[...] on the whole name, with the backslash quirk of plexus', () => {
    expect(selected('%regex[src/.*]')).to.deep.equal(['src/main.c', 'src/util.c']);
    expect(selected('%regex[.*\\.c]')).to.deep.equal([]);
    expect(selected('%regex[include/]')).to.deep.equal(['include/']);
    expect(selected('%ant[src/*.c]')).to.deep.equal(['src/main.c', 'src/util.c']);
  });

  it('any exclude switches on the default excludes (not .gitignore); excludes win over includes', () => {
    expect(selected(undefined, 'no-such-file')).to.deep.equal([
      'README.txt',
      '.gitignore',
      'include/',
      'include/a.h',
      'include/B.H',
      'include/sub/',
      'include/sub/c.h',
      'src/main.c',
      'src/util.c',
      'lib/internal/x.so',
      'deep/er/internal/y.so',
      'META-INF/',
      'META-INF/MANIFEST.MF',
    ]);
    expect(selected('**/*', undefined)).to.deep.equal(NAMES);
    expect(selected('include/**', '**/sub/**')).to.deep.equal(['include/', 'include/a.h', 'include/B.H']);
  });

  it('an invalid %regex[...] fails with the pattern, the property and the reason', () => {
    expect(() => entrySelector(undefined, '%regex[(a]')).to.throw(
      GoalExecutionError,
      "Invalid pattern '%regex[(a]' in mdep.unpack.excludes: Invalid regular expression: /^(?:(a)$/: Unterminated group " +
        '(backslashes are turned into / before a %regex[...] is read, as plexus does)',
    );
  });

  it('an empty pattern from `a,,b` matches nothing', () => {
    expect(selected('*.txt,,src/*.c')).to.deep.equal(['README.txt', 'src/main.c', 'src/util.c']);
  });
});
