import { expect } from 'chai';
import { inTransferOf, TransferHold, transferLine } from '@goalhost/resolver/internal';

/**
 * How the lines of downloads started ahead of the collector's walk are held and released (the
 * whole behaviour against a repository is in transfer-order.test.ts).
 */
describe('resolver: transfer lines held for the dependency walk', () => {
  const printed: string[] = [];
  const download = (file: string, ...lines: string[]): void =>
    inTransferOf(file, () => lines.forEach((l) => transferLine(() => printed.push(l))));
  beforeEach(() => printed.splice(0));

  it('prints at once outside a walk', () => {
    download('x.pom', 'x');
    expect(printed).to.deep.equal(['x']);
  });

  it("prints a read's lines when released: its own POM, then a parent another read downloaded first", () => {
    const hold = new TransferHold();
    const first = {};
    const later = {};
    hold.run(later, () => download('b.pom', 'b1', 'b2'));
    hold.run(later, () => download('parent.pom', 'p1', 'p2'));
    hold.run(first, () => download('a.pom', 'a1', 'a2'));
    expect(printed).to.deep.equal([]);
    hold.release(first, ['a.pom', 'parent.pom']);
    expect(printed).to.deep.equal(['a1', 'a2', 'p1', 'p2']);
    hold.release(later, ['b.pom', 'parent.pom']);
    expect(printed).to.deep.equal(['a1', 'a2', 'p1', 'p2', 'b1', 'b2']);
  });

  it("prints a read's lines for files it did not name (metadata, a missing POM) in their own order", () => {
    const hold = new TransferHold();
    const owner = {};
    hold.run(owner, () => {
      transferLine(() => printed.push('metadata'));
      download('s.pom', 's');
      download('missing.pom', 'missing');
    });
    hold.release(owner, ['s.pom']);
    expect(printed).to.deep.equal(['metadata', 's', 'missing']);
  });

  it('prints what the walk never reached when it ends, and every later line at once', () => {
    const hold = new TransferHold();
    hold.run({}, () => download('c.pom', 'c'));
    hold.run({}, () => download('d.pom', 'd'));
    hold.releaseAll();
    expect(printed).to.deep.equal(['c', 'd']);
    hold.run({}, () => download('e.pom', 'e'));
    expect(printed).to.deep.equal(['c', 'd', 'e']);
  });
});
