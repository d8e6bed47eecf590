import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readDescriptorCached } from '@goalhost/cli/internal';
import { ROOT } from '../support/paths';

describe('cli: descriptor cache', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-dcache-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reuses a parsed descriptor while the XML is unchanged, and reads the XML again once it changes', () => {
    const file = path.join(dir, 'plugin.xml');
    const xml = fs.readFileSync(path.join(ROOT, 'packages', 'plugin-clean', 'plugin.xml'), 'utf8');
    fs.writeFileSync(file, xml);
    let reads = 0;
    const read = () => {
      reads++;
      return fs.readFileSync(file, 'utf8');
    };
    const first = readDescriptorCached(file, read);
    const second = readDescriptorCached(file, read);
    expect(reads).to.equal(1);
    expect(second).to.deep.equal(first);
    fs.writeFileSync(file, xml.replace('<goalPrefix>clean</goalPrefix>', '<goalPrefix>tidy</goalPrefix>'));
    const third = readDescriptorCached(file, read);
    expect(reads).to.equal(2);
    expect(third.goalPrefix).to.equal('tidy');
  });

  it('never caches a malformed descriptor: the error names file and line every time', () => {
    const file = path.join(dir, 'plugin.xml');
    fs.writeFileSync(file, '<plugin>\n  <mojos>\n</plugin>\n');
    for (let i = 0; i < 2; i++) {
      expect(() => readDescriptorCached(file, () => fs.readFileSync(file, 'utf8'))).to.throw(`${file}:3`);
    }
  });
});
