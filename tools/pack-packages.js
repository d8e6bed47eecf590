#!/usr/bin/env node
'use strict';
/*
 * Packs every @goalhost package (the workspaces) into a tarball that installs anywhere without a registry
 * holding @goalhost and without a network: each tarball bundles its third-party dependencies
 * (`bundleDependencies`), copied from this clone's node_modules, which `npm ci` filled from
 * package-lock.json, so an install runs exactly the versions the tests ran. The @goalhost
 * dependencies between the packages are plain dependencies, met by the sibling tarballs
 * installed in the same command (tools/install.sh).
 *
 * The repository's package.json files do not declare the bundles: npm packs a workspace's
 * bundled dependencies from its own node_modules, which workspaces hoist away, so the files go
 * through a staging directory here instead of `npm pack`.
 *
 *   node tools/pack-packages.js <dir>     write the tarballs to <dir> (build first: npm run build)
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const OWN_SCOPE = '@goalhost/';

/** The lock path Node would load `name` from when required from the lock path `from`. */
function locate(packages, from, name) {
  for (let dir = from; ;) {
    const key = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[key]) return key;
    if (!dir) return undefined;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up >= 0 ? dir.slice(0, up) : '';
  }
}

/**
 * The third-party packages the workspace package at lock path `workspace` (e.g.
 * `packages/model`) loads, transitively: a map from where each sits below the packed package
 * (`node_modules/strnum`) to its lock path in this repository.
 */
function bundleOf(lock, workspace) {
  const packages = lock.packages;
  const bundle = new Map();
  const visit = (from, deps, optional) => {
    for (const name of Object.keys(deps ?? {})) {
      if (name.startsWith(OWN_SCOPE)) continue;
      const key = locate(packages, from, name);
      if (!key) {
        if (optional) continue;
        throw new Error(`package-lock.json has no entry for ${name}, needed by ${from}; run npm install`);
      }
      const below = key.startsWith(`${workspace}/`) ? key.slice(workspace.length + 1) : key;
      const taken = bundle.get(below);
      if (taken === key) continue;
      if (taken)
        throw new Error(`${workspace} needs both ${taken} and ${key} at ${below}; they cannot be bundled together`);
      bundle.set(below, key);
      visit(key, packages[key].dependencies, false);
      visit(key, packages[key].optionalDependencies, true);
    }
  };
  visit(workspace, packages[workspace].dependencies, false);
  return new Map([...bundle].sort(([a], [b]) => a.localeCompare(b)));
}

/** Copies one installed package (without its nested node_modules, bundled separately), checking its version against the lock. */
function copyInstalled(key, entry, into) {
  const from = path.join(ROOT, key);
  let installed;
  try {
    installed = JSON.parse(fs.readFileSync(path.join(from, 'package.json'), 'utf8')).version;
  } catch {
    installed = 'nothing';
  }
  if (installed !== entry.version) {
    throw new Error(`${key} holds ${installed}, package-lock.json says ${entry.version}; run npm ci`);
  }
  fs.cpSync(from, into, {
    recursive: true,
    filter: (src) => path.relative(from, src).split(path.sep)[0] !== 'node_modules',
  });
}

/**
 * Packs every workspace package into `dest`: the files `npm pack` takes, plus its bundled
 * dependencies; returns the tarball paths, in the workspaces' order.
 */
function packPackages(dest) {
  const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
  const workspaces = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces;
  const listed = JSON.parse(
    execFileSync('npm', ['pack', '--dry-run', '--json', '--workspaces'], { cwd: ROOT, encoding: 'utf8' }),
  );
  fs.mkdirSync(dest, { recursive: true });
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-pack-'));
  try {
    return workspaces.map((workspace, i) => {
      const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, workspace, 'package.json'), 'utf8'));
      const sorted = (deps) => JSON.stringify(Object.entries(deps ?? {}).sort());
      if (sorted(manifest.dependencies) !== sorted(lock.packages[workspace].dependencies)) {
        throw new Error(`${workspace}/package.json and package-lock.json list different dependencies; run npm install`);
      }
      const { name, version, files } = listed.find((p) => p.name === manifest.name);
      const into = path.join(stage, String(i), 'package');
      for (const { path: file } of files) {
        fs.mkdirSync(path.dirname(path.join(into, file)), { recursive: true });
        fs.copyFileSync(path.join(ROOT, workspace, file), path.join(into, file));
      }
      for (const [below, key] of bundleOf(lock, workspace))
        copyInstalled(key, lock.packages[key], path.join(into, below));
      const bundled = Object.keys(manifest.dependencies ?? {}).filter((d) => !d.startsWith(OWN_SCOPE));
      if (bundled.length)
        fs.writeFileSync(
          path.join(into, 'package.json'),
          JSON.stringify({ ...manifest, bundleDependencies: bundled }, null, 2) + '\n',
        );
      const tarball = path.resolve(dest, `${name.slice(1).replace('/', '-')}-${version}.tgz`);
      execFileSync('tar', ['-czf', tarball, '-C', path.dirname(into), 'package']);
      return tarball;
    });
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

module.exports = { bundleOf, packPackages };

if (require.main === module) {
  const dest = process.argv[2];
  if (!dest) {
    process.stderr.write('usage: node tools/pack-packages.js <dir>\n');
    process.exitCode = 2;
  } else {
    for (const file of packPackages(dest)) process.stdout.write(`${file}\n`);
  }
}
