#!/usr/bin/env node
'use strict';
/*
 * Writes plugin-descriptor.xml (Maven plugin.xml format) from the @Goal/@Parameter decorators
 * of a built plugin package, so the descriptor the host reads never drifts from the code.
 *
 *   node tools/generate-descriptor.js            write plugin-descriptor.xml (cxx, and its copy in packages/plugin-cxx) and the built-in plugins' plugin.xml
 *   node tools/generate-descriptor.js --check    exit 1 with a diff when a file differs
 *   options: --package <name or ./path> with --file <path> (default ./plugin-descriptor.xml): one plugin only
 *
 * Needs the packages built first (`npx tsc -b`).
 */
const fs = require('node:fs');
const path = require('node:path');
const { copyCxxDescriptor } = require('./copy-cxx-descriptor');

const ROOT = path.resolve(__dirname, '..');
const DEFAULT_PACKAGE = '@goalhost/plugin-cxx';
const DEFAULT_FILE = path.join(ROOT, 'plugin-descriptor.xml');
/** The descriptors kept in the repository, regenerated and checked together when no --package is given. */
const TARGETS = [
  { packageName: '@goalhost/plugin-cxx', file: 'plugin-descriptor.xml' },
  { packageName: '@goalhost/plugin-clean', file: 'packages/plugin-clean/plugin.xml' },
  { packageName: '@goalhost/plugin-help', file: 'packages/plugin-help/plugin.xml' },
  { packageName: '@goalhost/plugin-dependency', file: 'packages/plugin-dependency/plugin.xml' },
];

/*
 * Name and description of the original cxx-maven-plugin POM, used while the plugin export does
 * not carry its own (maven-plugin-tools takes both from the POM).
 */
const FALLBACK_TEXT = {
  '@goalhost/plugin-cxx': {
    name: 'cxx-maven-plugin Maven Mojo',
    description: 'A plugin to allow C++ code compilation and check under maven',
  },
};

/** The descriptor XML for `packageName`, built from its `plugin` export's decorators. */
function renderDescriptor(packageName = DEFAULT_PACKAGE) {
  const { descriptorFromGoals } = requireBuilt('@goalhost/api');
  const { writePluginDescriptorXml } = requireBuilt('@goalhost/model');
  const exported = requireBuilt(packageName);
  const plugin = exported.plugin ?? exported.default;
  if (!plugin || !Array.isArray(plugin.goals)) {
    throw new Error(
      `${packageName} exports no \`plugin\` (a GoalhostPlugin with goals); export one from its src/index.ts`,
    );
  }
  const fallback = FALLBACK_TEXT[packageName] ?? {};
  const descriptor = descriptorFromGoals(
    { ...plugin, name: plugin.name ?? fallback.name, description: plugin.description ?? fallback.description },
    { packageName },
  );
  return writePluginDescriptorXml(descriptor, { generatedBy: 'goalhost tools/generate-descriptor.js' });
}

function requireBuilt(name) {
  try {
    return require(require.resolve(name, { paths: [ROOT] }));
  } catch (e) {
    if (e && e.code === 'MODULE_NOT_FOUND') {
      throw new Error(`cannot load ${name} (${e.message.split('\n')[0]}); build it first: npx tsc -b`);
    }
    throw e;
  }
}

/** A line diff of `before` and `after` (longest common subsequence), `-`/`+` lines with line numbers. */
function diffLines(before, after, maxLines = 60) {
  const a = before.split('\n');
  const b = after.split('\n');
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const out = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      i++;
      j++;
    } else if (i < a.length && (j === b.length || lcs[i + 1][j] >= lcs[i][j + 1])) {
      out.push(`-${String(i + 1).padStart(5)}: ${a[i]}`);
      i++;
    } else {
      out.push(`+${String(j + 1).padStart(5)}: ${b[j]}`);
      j++;
    }
  }
  if (out.length > maxLines) return [...out.slice(0, maxLines), `... and ${out.length - maxLines} more changed lines`];
  return out;
}

/** Runs the command line; returns the exit code and what to print. */
function run(argv) {
  const option = (name) => {
    const at = argv.indexOf(name);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const check = argv.includes('--check');
  const targets = option('--package')
    ? [{ packageName: option('--package'), file: option('--file') ?? DEFAULT_FILE }]
    : TARGETS.map((t) => ({ packageName: t.packageName, file: path.join(ROOT, t.file) }));
  const results = targets.map((t) => {
    try {
      return runOne(t.packageName, path.resolve(t.file), check);
    } catch (e) {
      return { code: 2, err: `generate-descriptor: ${e instanceof Error ? e.message : String(e)}` };
    }
  });
  // The cxx package reads its own copy; keep it equal to what was just written.
  if (!check && targets.some((t) => path.resolve(t.file) === DEFAULT_FILE)) copyCxxDescriptor();
  const join = (key) =>
    results
      .map((r) => r[key])
      .filter(Boolean)
      .join('\n') || undefined;
  return { code: Math.max(...results.map((r) => r.code)), out: join('out'), err: join('err') };
}

function runOne(packageName, file, check) {
  const shown = path.relative(process.cwd(), file) || file;
  const xml = renderDescriptor(packageName);
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  if (check) {
    if (current === xml) return { code: 0, out: `${shown} is up to date with the decorators of ${packageName}` };
    const reason =
      current === undefined ? `${shown} does not exist` : `${shown} differs from the decorators of ${packageName}`;
    const diff = current === undefined ? [] : diffLines(current, xml);
    return {
      code: 1,
      err: [
        `${reason} (- committed, + generated):`,
        ...diff,
        'Run `npm run descriptor` (node tools/generate-descriptor.js) and commit the result.',
      ].join('\n'),
    };
  }
  if (current === xml) return { code: 0, out: `${shown} unchanged` };
  fs.writeFileSync(file, xml);
  return { code: 0, out: `Wrote ${shown}` };
}

module.exports = { renderDescriptor, diffLines, run };

if (require.main === module) {
  let result;
  try {
    result = run(process.argv.slice(2));
  } catch (e) {
    result = { code: 2, err: `generate-descriptor: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (result.out) process.stdout.write(result.out + '\n');
  if (result.err) process.stderr.write(result.err + '\n');
  process.exitCode = result.code;
}
