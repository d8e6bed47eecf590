import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  SettingsDecrypter,
  decryptMavenCipherText,
  encryptMavenPassword,
  isEncryptedMavenPassword,
  readSettingsSecurity,
  undecorateMavenPassword,
} from '@goalhost/model';
import { ROOT } from '../support/paths';

const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'scm', 'maven-crypto');

interface Vectors {
  masters: {
    clear: string;
    encrypted: string;
    relocated?: boolean;
    passwords: { clear: string; encrypted: string }[];
  }[];
}

describe('scm: Maven password decryption (settings-security.xml)', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-sec-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const securityFile = (name: string, body: string): string => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, `<settingsSecurity>\n  ${body}\n</settingsSecurity>\n`);
    return file;
  };

  it('decrypts the vectors of the spec (made by mvn 3.8.7)', () => {
    const file = securityFile(
      'settings-security.xml',
      '<master>{QzVgsQ2myXMHugvMEr9bvMFglO7GmT/6K9HUP8WwU2w=}</master>',
    );
    const decrypter = new SettingsDecrypter(file);
    const decrypt = (v: string): string => decrypter.decrypt(v, 'a test value');
    expect([
      decrypt('{Omhvulxr6IIH/NIe1OnXp0RSlYbr2uDVc3INkPHFJfs=}'),
      decrypt('{4LFGAbjw/agHLRaEaVbYqlfBdgyfJaYUiy2P04zeIx4883rfg74cHgEHnQeqUwKsSLkPnVnKJEBFFQagbLl2Pg==}'),
      decrypt('{Wu6+fTetO7kHZFOYgDAQJXlW7D7RIVqFnHACvG5QhDI=}'),
      decryptMavenCipherText('QzVgsQ2myXMHugvMEr9bvMFglO7GmT/6K9HUP8WwU2w=', 'settings.security'),
    ]).to.deep.equal(['PW', 'a-much-longer-password-0123456789', 'pässwörd€', 'SECRET']);
  });

  it('a plain password holding {...} that is no cipher text is used as written, with Maven\'s "Failed to decrypt"', () => {
    // No settings-security.xml at all: a plain password never needs the master password.
    const decrypter = new SettingsDecrypter(path.join(dir, 'absent.xml'));
    const heard: string[] = [];
    const decrypt = (v: string): string =>
      decrypter.decryptOrPlain(v, "the password of server 's1'", (m) => heard.push(m));
    expect(['pa{ss}word', '{not base64!}', 'x{abcd}y', 'plain'].map(decrypt)).to.deep.equal([
      'pa{ss}word',
      '{not base64!}',
      'x{abcd}y',
      'plain',
    ]);
    expect(heard).to.deep.equal(
      Array(3).fill(
        "Failed to decrypt the password of server 's1': its {...} group is not an encrypted value; the password is used as written",
      ),
    );
    // Cipher text under a missing master password still fails clearly.
    expect(() => decrypt('{QzVgsQ2myXMHugvMEr9bvMFglO7GmT/6K9HUP8WwU2w=}')).to.throw(
      /^The master password file .*absent\.xml/,
    );
  });

  it('decrypts every vector of vectors.json (generate-vectors.sh), directly and through <relocation>', () => {
    const vectors: Vectors = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'vectors.json'), 'utf8'));
    const seen: string[] = [];
    const expected: string[] = [];
    vectors.masters.forEach((m, i) => {
      const holder = securityFile(`master-${i}.xml`, `<master>${m.encrypted}</master>`);
      const file = m.relocated ? securityFile(`relocating-${i}.xml`, `<relocation>${holder}</relocation>`) : holder;
      const decrypter = new SettingsDecrypter(file);
      for (const p of m.passwords) {
        seen.push(`${m.clear} / ${decrypter.decrypt(p.encrypted, 'a vector')}`);
        expected.push(`${m.clear} / ${p.clear}`);
      }
    });
    expect(seen).to.deep.equal(expected);
    expect(seen.length).to.equal(15);
  });

  it('reads the relocation chain and reports where the master came from', () => {
    const holder = securityFile('holder.xml', '<master>{QzVgsQ2myXMHugvMEr9bvMFglO7GmT/6K9HUP8WwU2w=}</master>');
    const middle = securityFile('middle.xml', `<relocation>${holder}</relocation>`);
    const first = securityFile('first.xml', `<relocation>file://${middle}</relocation>`);
    expect(readSettingsSecurity(first)).to.deep.equal({
      file: holder,
      chain: [first, middle, holder],
      master: '{QzVgsQ2myXMHugvMEr9bvMFglO7GmT/6K9HUP8WwU2w=}',
    });
  });

  it('finds the {...} group as plexus-cipher does', () => {
    const cases = [
      'plainpassword',
      '{}',
      'abc{def',
      '{a}{b}',
      '{ab\\}cd}',
      'x\\{abc}',
      '\\{abc\\}',
      'reset 2009 {COQLCE6DU6GtcS5P=} expires',
    ];
    expect(cases.map((c) => [c, isEncryptedMavenPassword(c), undecorateMavenPassword(c)])).to.deep.equal([
      ['plainpassword', false, undefined],
      ['{}', false, undefined],
      ['abc{def', false, undefined],
      ['{a}{b}', true, 'a'],
      ['{ab\\}cd}', true, 'ab\\}cd'],
      ['x\\{abc}', true, 'abc'],
      ['\\{abc\\}', false, undefined],
      ['reset 2009 {COQLCE6DU6GtcS5P=} expires', true, 'COQLCE6DU6GtcS5P='],
    ]);
  });

  it("encrypts in Maven's layout (8 salt + 1 + ciphertext + filler) and round-trips", () => {
    const short = encryptMavenPassword('PW', 'SECRET');
    const long = encryptMavenPassword('a-much-longer-password-0123456789', 'SECRET');
    expect([
      Buffer.from(short.slice(1, -1), 'base64').length,
      Buffer.from(long.slice(1, -1), 'base64').length,
      Buffer.from(short.slice(1, -1), 'base64')[8],
      decryptMavenCipherText(short.slice(1, -1), 'SECRET'),
      decryptMavenCipherText(long.slice(1, -1), 'SECRET'),
    ]).to.deep.equal([32, 64, 7, 'PW', 'a-much-longer-password-0123456789']);
  });

  it('agrees with the real plexus-sec-dispatcher of Maven 3.8.7 on malformed and odd values', function () {
    this.timeout(30000);
    const file = securityFile(
      'settings-security.xml',
      '<master>{QzVgsQ2myXMHugvMEr9bvMFglO7GmT/6K9HUP8WwU2w=}</master>',
    );
    const good = 'Omhvulxr6IIH/NIe1OnXp0RSlYbr2uDVc3INkPHFJfs=';
    const values = [
      `{${good}}`,
      `{${good.slice(0, -1)}}`,
      `{${good.slice(0, 20)} ${good.slice(20)}}`,
      `{${good.slice(0, 20)}*${good.slice(20)}}`,
      `{${good}xyz}`,
      `{${good}}{b}`,
      'a{b\\}c}',
      '{a\nb}',
      `{[x=y]${good}}`,
      '{AAAA====}',
      '{====}',
      'plain',
      '{}',
      `pre {${good}} post`,
      `{${good.slice(0, 30)}}`,
      `{€${good}}`,
    ];
    const lib = '/usr/share/maven/lib';
    const cp = ['plexus-sec-dispatcher', 'plexus-cipher', 'plexus-utils'].map((j) => `${lib}/${j}.jar`).join(':');
    const real = execFileSync('java', ['-cp', cp, path.join(FIXTURES, 'SecOracle.java'), file, ...values], {
      encoding: 'utf8',
    });
    const decrypter = new SettingsDecrypter(file);
    const ours = values.map((v) => {
      try {
        return `OK ${isEncryptedMavenPassword(v)} ${decrypter.decrypt(v, 'x').replace(/\n/g, '\\n')}`;
      } catch {
        return 'ERR';
      }
    });
    expect(ours.join('\n') + '\n').to.equal(real);
  });

  describe('errors name the file and the fix', () => {
    const encrypted = '{Omhvulxr6IIH/NIe1OnXp0RSlYbr2uDVc3INkPHFJfs=}';
    const what = "the password of server 'svn.example.com' in /home/u/.m2/settings.xml";
    const message = (file: string, value = encrypted): string => {
      try {
        new SettingsDecrypter(file).decrypt(value, what);
      } catch (e) {
        return (e as Error).message;
      }
      return 'no error';
    };

    it('plain values need no master password file', () => {
      expect(message(path.join(dir, 'missing.xml'), 'plain')).to.equal('no error');
    });

    it('missing file', () => {
      const file = path.join(dir, 'missing.xml');
      expect(message(file)).to.equal(
        `The master password file ${file} does not exist: create it with \`mvn --encrypt-master-password\` ` +
          '(https://maven.apache.org/guides/mini/guide-encryption.html), or store the server password unencrypted.',
      );
    });

    it('missing relocation target', () => {
      const file = securityFile('s.xml', `<relocation>${dir}/gone.xml</relocation>`);
      expect(message(file)).to.equal(
        `The master password file ${dir}/gone.xml (the <relocation> of ${file}) does not exist: create it with \`mvn --encrypt-master-password\` ` +
          '(https://maven.apache.org/guides/mini/guide-encryption.html), or store the server password unencrypted.',
      );
    });

    it('relocation loop', () => {
      const a = path.join(dir, 'a.xml');
      const b = securityFile('b.xml', `<relocation>${a}</relocation>`);
      securityFile('a.xml', `<relocation>${b}</relocation>`);
      expect(message(a)).to.equal(
        `The <relocation> chain of ${a} loops back to ${a}: point <relocation> at the file holding <master>.`,
      );
    });

    it('no <master>', () => {
      const file = securityFile('s.xml', '');
      expect(message(file)).to.equal(
        `Cannot decrypt ${what}: ${file} has no <master> element; add one made with \`mvn --encrypt-master-password\`.`,
      );
    });

    it('wrong master password', () => {
      const file = securityFile(
        's.xml',
        `<master>${encryptMavenPassword('not-the-master', 'settings.security')}</master>`,
      );
      expect(message(file)).to.equal(
        `Cannot decrypt ${what} with the master password of ${file}: decryption failed (wrong master password, or the value is corrupt). ` +
          'Encrypt the password again with `mvn --encrypt-password` under this master password.',
      );
    });

    it('undecryptable master', () => {
      const file = securityFile('s.xml', '<master>{bm90IGEgY2lwaGVy}</master>');
      expect(message(file)).to.equal(
        `Cannot decrypt the master password in ${file}: the encrypted value is malformed (its padding length byte is out of range). ` +
          'Make a new <master> value with `mvn --encrypt-master-password`.',
      );
    });

    // The message of Maven 3.8.7's reader for the same file (mvn -X: "Failed to decrypt password
    // for server s: ... XmlPullParserException: end tag name </mastr> must match ...").
    it("not well-formed: MXParser's message", () => {
      const file = securityFile('nwf.xml', '<master>{abc}</mastr>');
      expect(message(file)).to.equal(
        `The master password file ${file} is not well-formed XML: end tag name </mastr> must match start tag name ` +
          '<master> from line 2 (position: TEXT seen ...<master>{abc}</mastr>... @2:24); fix the master password file.',
      );
    });

    it('not a settings-security.xml', () => {
      const file = path.join(dir, 's.xml');
      fs.writeFileSync(file, '<settings/>');
      expect(message(file)).to.equal(
        `${file} is not a settings-security.xml: its root element is <settings>, expected <settingsSecurity>.`,
      );
    });
  });
});
