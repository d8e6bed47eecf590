'use strict';
/*
 * The unpack workloads, generated deterministically into a local Maven repository, each with a
 * project pom.xml that depends on its archives (type zip):
 *   many  40 zips x 500 files, ~400 MB unpacked (headers and binaries of 40 libraries)
 *   huge  one zip with 84,000 entries, ~240 MB unpacked (the shape of MDEP-421), zip64 end records
 *   wide  500 tiny zips (a few files each)
 *   many-tar.gz, huge-tar.gz, many-tar.bz2, ...: the same files as tar.gz, tar.bz2, tar.xz
 *   bump  the many zips at version 1.1: a tenth of the files renamed, another tenth changed (a
 *         version bump over an output directory holding 1.0)
 * `--quick` sizes are a tenth (or less) of these. Generation is skipped when the stamp says the
 * same parameters were generated before.
 */
const fs = require('node:fs');
const path = require('node:path');
const { ContentSource, prng, sizes } = require('./content');
const { ZipWriter } = require('./zip-writer');
const { writeTar, TAR_FORMATS } = require('./tar-writer');
const { writeArtifactPom, writeProjectPom, artifactDir, ARTIFACT_TIME } = require('./maven-files');

const GENERATOR_VERSION = 3;

const SIZES = {
  full: {
    many: { zips: 40, files: 500, bytes: 400e6 },
    bump: { zips: 40, files: 500, bytes: 400e6 },
    huge: { entries: 84000, dirs: 4000, bytes: 240e6 },
    wide: { zips: 500 },
  },
  quick: {
    many: { zips: 8, files: 100, bytes: 16e6 },
    bump: { zips: 8, files: 100, bytes: 16e6 },
    huge: { entries: 8400, dirs: 400, bytes: 24e6 },
    wide: { zips: 50 },
  },
};

function pad(n, width) {
  return String(n).padStart(width, '0');
}

/** Directories first (as Maven's archivers write them), then files; returns the entry count. */
function writeZip(file, dirs, files, content) {
  const zip = new ZipWriter(file);
  for (const d of dirs) zip.addDirectory(d);
  for (const f of files) zip.addFile(f.name, content.file(f.name, f.size, f.kind, f.seed), f.mode);
  zip.close();
  fs.utimesSync(file, ARTIFACT_TIME, ARTIFACT_TIME);
  return dirs.length + files.length;
}

/** Parents of `name` ('a/b/c.h' -> 'a/', 'a/b/'), added to `set` in order. */
function addParents(set, name) {
  const parts = name.split('/');
  for (let i = 1; i < parts.length; i++) set.add(`${parts.slice(0, i).join('/')}/`);
}

function manyArtifacts(p) {
  const list = [];
  for (let z = 0; z < p.zips; z++) {
    const lib = `lib${pad(z + 1, 2)}`;
    const fileSizes = sizes(p.files, Math.round(p.bytes / p.zips), 1000 + z);
    const random = prng(2000 + z);
    const files = [];
    const headers = Math.round(p.files * 0.7);
    for (let i = 0; i < p.files; i++) {
      const header = i < headers;
      const name = header
        ? `include/${lib}/module${pad(i % 10, 2)}/${lib}_h${pad(i, 4)}.hpp`
        : `lib/linux-x86_64/${lib}/lib${lib}_part${pad(i, 4)}.${random() < 0.5 ? 'so' : 'a'}`;
      files.push({
        name,
        size: fileSizes[i],
        kind: header ? 'text' : 'binary',
        seed: z * 100000 + i,
        mode: header ? 0o644 : 0o755,
      });
    }
    const dirs = new Set();
    for (const f of files) addParents(dirs, f.name);
    list.push({ groupId: 'bench.many', artifactId: lib, version: '1.0', dirs: [...dirs], files });
  }
  return list;
}

function hugeArtifacts(p) {
  // A deep SDK tree: 20 top directories, each with sub-directories, files spread evenly.
  const dirs = [];
  const tops = [
    'include',
    'src',
    'share/doc',
    'share/examples',
    'lib/cmake',
    'tools',
    'tests',
    'third_party',
    'bindings/python',
    'bindings/java',
    'assets',
    'config',
    'scripts',
    'docs/api',
    'docs/guide',
    'plugins',
    'resources/i18n',
    'resources/images',
    'samples',
    'benchmarks',
  ];
  const dirSet = new Set();
  const perTop = Math.ceil(p.dirs / tops.length);
  for (const top of tops) {
    addParents(dirSet, `${top}/x`);
    for (let i = 0; dirSet.size < p.dirs && i < perTop; i++) {
      const leaf = `${top}/pkg${pad(Math.floor(i / 10), 3)}/sub${pad(i % 10, 2)}/`;
      addParents(dirSet, `${leaf}x`);
    }
  }
  dirs.push(...dirSet);
  const leafDirs = dirs.filter((d) => d.includes('/sub'));
  const fileCount = p.entries - dirs.length;
  const fileSizes = sizes(fileCount, p.bytes, 4210, 1.3);
  const files = [];
  for (let i = 0; i < fileCount; i++) {
    const dir = leafDirs[i % leafDirs.length];
    const binary = i % 5 === 4;
    const name = `${dir}f${pad(i, 5)}.${binary ? 'bin' : 'h'}`;
    files.push({ name, size: fileSizes[i], kind: binary ? 'binary' : 'text', seed: 5_000_000 + i, mode: 0o644 });
  }
  return [{ groupId: 'bench.huge', artifactId: 'mega-sdk', version: '1.0', dirs, files }];
}

function wideArtifacts(p) {
  const list = [];
  for (let z = 0; z < p.zips; z++) {
    const name = `tiny${pad(z + 1, 3)}`;
    const files = [
      {
        name: `include/${name}/${name}.h`,
        size: 400 + (z % 7) * 100,
        kind: 'text',
        seed: 9_000_000 + z * 4,
        mode: 0o644,
      },
      {
        name: `include/${name}/${name}_config.h`,
        size: 200 + (z % 5) * 50,
        kind: 'text',
        seed: 9_000_001 + z * 4,
        mode: 0o644,
      },
      { name: `lib/lib${name}.a`, size: 1500 + (z % 11) * 100, kind: 'binary', seed: 9_000_002 + z * 4, mode: 0o644 },
      { name: `share/${name}/NOTICE.txt`, size: 120, kind: 'text', seed: 9_000_003 + z * 4, mode: 0o644 },
    ];
    const dirs = new Set();
    for (const f of files) addParents(dirs, f.name);
    list.push({ groupId: 'bench.wide', artifactId: name, version: '1.0', dirs: [...dirs], files });
  }
  return list;
}

/** The next version of the many artifacts: every tenth file renamed (1.0's stays behind without sync), every tenth other one changed. */
function bumpArtifacts(p) {
  return manyArtifacts(p).map((a) => ({
    ...a,
    version: '1.1',
    files: a.files.map((f, i) => {
      if (i % 10 === 0) return { ...f, name: f.name.replace(/(\.\w+)$/, '-1.1$1') };
      if (i % 10 === 5) return { ...f, seed: f.seed + 7 };
      return f;
    }),
  }));
}

const BUILDERS = { many: manyArtifacts, bump: bumpArtifacts, huge: hugeArtifacts, wide: wideArtifacts };

/** 'many' -> { shape: 'many', format: 'zip' }; 'huge-tar.xz' -> { shape: 'huge', format: 'tar.xz' }. */
function parseWorkload(name) {
  const dash = name.indexOf('-');
  const format = dash < 0 ? 'zip' : name.slice(dash + 1);
  const shape = dash < 0 ? name : name.slice(0, dash);
  if (!BUILDERS[shape] || (format !== 'zip' && !TAR_FORMATS.includes(format)))
    throw new Error(`unknown workload ${name}`);
  return { shape, format };
}

/**
 * Generates workload `name` ('many' | 'huge' | 'wide', or a shape with a tar format: 'many-tar.gz') of `mode` ('full' | 'quick') into
 * `repo`, its project into `projectsDir/name`; returns { project, archives, entries, bytes }.
 */
function ensureWorkload(name, mode, repo, projectsDir, log = () => {}) {
  const { shape, format } = parseWorkload(name);
  const params = SIZES[mode][shape];
  const project = path.join(projectsDir, name);
  const stampFile = path.join(projectsDir, `${name}.stamp.json`);
  const stamp = JSON.stringify({ GENERATOR_VERSION, name, params, repo });
  if (fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp) {
    return JSON.parse(fs.readFileSync(path.join(project, 'workload.json'), 'utf8'));
  }
  const t0 = Date.now();
  log(`generating workload ${name} (${mode}) ...`);
  const artifacts = BUILDERS[shape](params).map((a) =>
    format === 'zip' ? a : { ...a, groupId: `${a.groupId}.${format.replace('.', '')}` },
  );
  const content = new ContentSource();
  const archives = [];
  let entries = 0;
  let bytes = 0;
  for (const a of artifacts) {
    const dir = artifactDir(repo, a);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${a.artifactId}-${a.version}.${format}`);
    entries +=
      format === 'zip'
        ? writeZip(file, a.dirs, a.files, content)
        : writeTar(file, format, a.dirs, a.files, content, ARTIFACT_TIME);
    bytes += a.files.reduce((n, f) => n + f.size, 0);
    writeArtifactPom(repo, { ...a, packaging: format });
    archives.push(file);
  }
  fs.rmSync(project, { recursive: true, force: true });
  fs.mkdirSync(project, { recursive: true });
  writeProjectPom(project, {
    groupId: 'bench',
    artifactId: `bench-${name}`,
    dependencies: artifacts.map((a) => ({
      groupId: a.groupId,
      artifactId: a.artifactId,
      version: a.version,
      type: format,
    })),
  });
  const compressed = archives.reduce((n, f) => n + fs.statSync(f).size, 0);
  const info = { name, mode, format, project, archives, entries, bytes, compressed };
  fs.writeFileSync(path.join(project, 'workload.json'), JSON.stringify(info, null, 1));
  fs.writeFileSync(stampFile, stamp);
  log(
    `  ${archives.length} archives, ${entries} entries, ${(bytes / 1e6).toFixed(0)} MB unpacked, ` +
      `${(compressed / 1e6).toFixed(0)} MB compressed (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
  );
  return info;
}

module.exports = { ensureWorkload, parseWorkload, SIZES };
