import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { builtinModules } from 'node:module';
import { ROOT } from '../support/paths';

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  files?: string[];
  dependencies?: Record<string, string>;
}

const workspaces: string[] = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces;
const manifestOf = (workspace: string): Manifest =>
  JSON.parse(fs.readFileSync(path.join(ROOT, workspace, 'package.json'), 'utf8'));

function filesBelow(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesBelow(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** The package a module specifier names (`@scope/name` or `name`), or undefined for relative paths and Node built-ins. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]))
    return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Whether an installed package carries its own type declarations. */
function hasOwnTypes(name: string): boolean {
  const dir = path.join(ROOT, 'node_modules', name);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const entry: string | undefined = manifest.exports?.['.']?.require ?? manifest.main;
  const declarations = [manifest.types, manifest.typings, entry?.replace(/\.js$/, '.d.ts'), 'index.d.ts'];
  return declarations.some((file) => typeof file === 'string' && fs.existsSync(path.join(dir, file)));
}

/**
 * The packages a built package needs: those its JavaScript (bin included) requires or names as
 * a plugin module (`'@goalhost/plugin-cxx'`), and those its declarations import, with the
 * `@types` package of one that has no types of its own.
 */
function usedPackages(workspace: string): string[] {
  const used = new Set<string>();
  for (const file of [
    ...filesBelow(path.join(ROOT, workspace, 'dist')),
    ...filesBelow(path.join(ROOT, workspace, 'bin')),
  ]) {
    if (file.endsWith('.map') || file.includes(`${path.sep}vendor${path.sep}`)) continue;
    const text = fs.readFileSync(file, 'utf8');
    const declarations = file.endsWith('.d.ts');
    const patterns = declarations
      ? [/from ['"]([^'"]+)['"]/g, /import\(['"]([^'"]+)['"]\)/g]
      : [/\brequire\(['"]([^'"]+)['"]\)/g, /['"](@goalhost\/[\w-]+)['"]/g];
    for (const pattern of patterns) {
      for (const [, specifier] of text.matchAll(pattern)) {
        const name = packageOf(specifier);
        if (!name) continue;
        used.add(name);
        if (declarations && !name.startsWith('@goalhost/') && !hasOwnTypes(name)) used.add(`@types/${name}`);
      }
    }
  }
  used.delete(manifestOf(workspace).name);
  return [...used].sort();
}

describe('install: the package manifests make each package installable on its own', () => {
  const versions = new Map(workspaces.map((w) => [manifestOf(w).name, manifestOf(w).version]));

  for (const workspace of workspaces) {
    it(`${workspace}: publishable, its files listed, its dependencies exactly what its built code uses, @goalhost ones at their versions`, () => {
      const manifest = manifestOf(workspace);
      expect(manifest.private, 'private').to.equal(undefined);
      expect(manifest.files).to.include('dist');
      const declared = manifest.dependencies ?? {};
      expect(Object.keys(declared).sort(), 'declared dependencies').to.deep.equal(usedPackages(workspace));
      for (const [name, range] of Object.entries(declared)) {
        if (versions.has(name)) expect(range, name).to.equal(versions.get(name));
      }
    });
  }
});
