import { expect } from 'chai';
import { parseXml } from '@goalhost/model';

describe('model: XML reader', () => {
  it('reports file, line, column and element path for malformed XML', () => {
    expect(() => parseXml('<project>\n <deps>\n  <dep>\n </deps>\n</project>', 'pom.xml')).to.throw(
      "Malformed XML in pom.xml:4:2 (in project/deps/dep): Expected closing tag 'dep' (opened in line 3, col 3) instead of closing tag 'deps'.",
    );
  });
});
