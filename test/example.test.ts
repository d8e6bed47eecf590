import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT } from './support/paths';
import { runGoalhost } from './support/run-goalhost';

/** Every path below `dir`, directories with a trailing slash, sorted. */
function tree(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string, rel: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        out.push(`${r}/`);
        walk(path.join(d, e.name), r);
      } else out.push(r);
    }
  };
  walk(dir, '');
  return out.sort();
}

describe('the bundled example (README command 1)', () => {
  let work: string;
  before(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-example-'));
    fs.cpSync(path.join(ROOT, 'examples', 'cxx-app'), path.join(work, 'cxx-app'), {
      recursive: true,
      filter: (src) => !src.includes(`${path.sep}target`),
    });
  });
  after(() => fs.rmSync(work, { recursive: true, force: true }));

  it('process-sources unpacks headers and binaries from the example repository and flattens the binaries', () => {
    const project = path.join(work, 'cxx-app');
    const run = runGoalhost(
      ['-B', '-f', path.join(project, 'pom.xml'), `-Dmaven.repo.local=${path.join(work, 'm2')}`, 'process-sources'],
      work,
    );
    expect(run.status, run.stdout).to.equal(0);
    expect(run.stdout).to.contain(
      '[INFO] --- cxx-maven-plugin:0.0.6-SNAPSHOT:unpack-dependencies (unpack-interfaces) @ cxx-app ---',
    );
    expect(run.stdout).to.contain(
      '[INFO] --- cxx-maven-plugin:0.0.6-SNAPSHOT:unpack-dependencies (unpack-binaries) @ cxx-app ---',
    );
    expect(tree(path.join(project, 'target'))).to.deep.equal([
      'dependency-maven-plugin-markers/',
      'dependency-maven-plugin-markers/org.example.cxx-corelib-zip-bin-linux-x86_64-2.0.1.marker',
      'dependency-maven-plugin-markers/org.example.cxx-corelib-zip-interface-2.0.1.marker',
      'dependency-maven-plugin-markers/org.example.cxx-mathlib-zip-bin-linux-x86_64-1.2.0.marker',
      'dependency-maven-plugin-markers/org.example.cxx-mathlib-zip-bin-windows-x64-1.2.0.marker',
      'dependency-maven-plugin-markers/org.example.cxx-mathlib-zip-interface-1.2.0.marker',
      'dependency-maven-plugin-markers/org.example.cxx-zlib-tar.gz-bin-linux-x86_64-1.3.1.marker',
      'deps/',
      'deps/bin/',
      'deps/bin/corelib-bin-linux-x86_64-zip/',
      'deps/bin/corelib-bin-linux-x86_64-zip/lib/',
      'deps/bin/corelib-bin-linux-x86_64-zip/lib/libcorelib.so',
      'deps/bin/mathlib-bin-linux-x86_64-zip/',
      'deps/bin/mathlib-bin-linux-x86_64-zip/lib/',
      'deps/bin/mathlib-bin-linux-x86_64-zip/lib/libmathlib.so',
      'deps/bin/mathlib-bin-linux-x86_64-zip/lib/pkgconfig/',
      'deps/bin/mathlib-bin-linux-x86_64-zip/lib/pkgconfig/mathlib.pc',
      'deps/bin/mathlib-bin-windows-x64-zip/',
      'deps/bin/mathlib-bin-windows-x64-zip/bin/',
      'deps/bin/mathlib-bin-windows-x64-zip/bin/mathlib.dll',
      'deps/bin/mathlib-bin-windows-x64-zip/lib/',
      'deps/bin/mathlib-bin-windows-x64-zip/lib/mathlib.lib',
      'deps/bin/zlib-bin-linux-x86_64-tar.gz/',
      'deps/bin/zlib-bin-linux-x86_64-tar.gz/include/',
      'deps/bin/zlib-bin-linux-x86_64-tar.gz/include/zlib.h',
      'deps/bin/zlib-bin-linux-x86_64-tar.gz/lib/',
      'deps/bin/zlib-bin-linux-x86_64-tar.gz/lib/libz.a',
      'deps/bin/zlib-bin-linux-x86_64-tar.gz/lib/libz.so.1.3.1',
      'deps/include/',
      'deps/include/corelib/',
      'deps/include/corelib/core.h',
      'deps/include/mathlib/',
      'deps/include/mathlib/vector.h',
      'deps/include/mathlib/version.h',
      'runtime/',
      'runtime/libcorelib.so',
      'runtime/libmathlib.so',
      'runtime/libz.a',
      'runtime/libz.so.1.3.1',
      'runtime/mathlib.dll',
      'runtime/mathlib.lib',
      'runtime/mathlib.pc',
      'runtime/zlib.h',
    ]);
    expect(fs.readFileSync(path.join(project, 'target', 'deps', 'include', 'mathlib', 'version.h'), 'utf8')).to.equal(
      '#pragma once\n#define MATHLIB_VERSION "1.2.0"\n',
    );
    const rerun = runGoalhost(
      [
        '-B',
        '-f',
        path.join(project, 'pom.xml'),
        `-Dmaven.repo.local=${path.join(work, 'm2')}`,
        '-o',
        'process-sources',
      ],
      work,
    );
    expect(rerun.status, rerun.stdout).to.equal(0);
    expect(rerun.stdout).not.to.contain('Unpacking');
  });
});
