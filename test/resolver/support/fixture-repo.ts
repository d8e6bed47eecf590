import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EMPTY_SETTINGS, type Artifact, type Settings } from '@goalhost/model';
import { createRepositorySystem, type RepositorySystem } from '@goalhost/resolver';

/** A dependency in the fixture DSL: `g:a:v` plus POM fields. */
export interface Dep {
  readonly gav: string;
  readonly type?: string;
  readonly classifier?: string;
  readonly scope?: string;
  readonly optional?: boolean;
  readonly systemPath?: string;
  /** `g:a` patterns. */
  readonly exclusions?: readonly string[];
  /** Write the dependency without `<version>`. */
  readonly noVersion?: boolean;
}

export interface PomSpec {
  readonly packaging?: string;
  readonly parent?: string;
  readonly relativePath?: string;
  readonly properties?: Record<string, string>;
  readonly dependencies?: ReadonlyArray<Dep | string>;
  readonly managed?: ReadonlyArray<Dep | string>;
  readonly relocation?: { groupId?: string; artifactId?: string; version?: string; message?: string };
  /** Raw XML inserted before `</project>`. */
  readonly extra?: string;
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function depXml(d: Dep | string, indent: string): string {
  const dep: Dep = typeof d === 'string' ? { gav: d } : d;
  const [g, a, v] = dep.gav.split(':');
  const lines = [`<groupId>${g}</groupId>`, `<artifactId>${a}</artifactId>`];
  if (v !== undefined && !dep.noVersion) lines.push(`<version>${esc(v)}</version>`);
  if (dep.type) lines.push(`<type>${dep.type}</type>`);
  if (dep.classifier) lines.push(`<classifier>${dep.classifier}</classifier>`);
  if (dep.scope) lines.push(`<scope>${dep.scope}</scope>`);
  if (dep.optional) lines.push('<optional>true</optional>');
  if (dep.systemPath) lines.push(`<systemPath>${esc(dep.systemPath)}</systemPath>`);
  if (dep.exclusions?.length) {
    lines.push(
      `<exclusions>${dep.exclusions.map((x) => `<exclusion><groupId>${x.split(':')[0]}</groupId><artifactId>${x.split(':')[1]}</artifactId></exclusion>`).join('')}</exclusions>`,
    );
  }
  return `${indent}<dependency>${lines.join('')}</dependency>`;
}

/** The POM text for `gav` (a `g:a:v`, `g:a` without version when the parent gives it). */
export function pomXml(gav: string, spec: PomSpec = {}): string {
  const [g, a, v] = gav.split(':');
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<project>', '  <modelVersion>4.0.0</modelVersion>'];
  if (spec.parent) {
    const [pg, pa, pv] = spec.parent.split(':');
    const rel =
      spec.relativePath === undefined
        ? ''
        : spec.relativePath === ''
          ? '<relativePath/>'
          : `<relativePath>${spec.relativePath}</relativePath>`;
    out.push(`  <parent><groupId>${pg}</groupId><artifactId>${pa}</artifactId><version>${pv}</version>${rel}</parent>`);
  }
  if (g) out.push(`  <groupId>${g}</groupId>`);
  out.push(`  <artifactId>${a}</artifactId>`);
  if (v) out.push(`  <version>${v}</version>`);
  if (spec.packaging) out.push(`  <packaging>${spec.packaging}</packaging>`);
  if (spec.properties) {
    out.push(
      '  <properties>',
      ...Object.entries(spec.properties).map(([k, val]) => `    <${k}>${esc(val)}</${k}>`),
      '  </properties>',
    );
  }
  if (spec.managed?.length) {
    out.push(
      '  <dependencyManagement><dependencies>',
      ...spec.managed.map((d) => depXml(d, '    ')),
      '  </dependencies></dependencyManagement>',
    );
  }
  if (spec.dependencies?.length)
    out.push('  <dependencies>', ...spec.dependencies.map((d) => depXml(d, '    ')), '  </dependencies>');
  if (spec.relocation) {
    const r = spec.relocation;
    const parts = [
      r.groupId && `<groupId>${r.groupId}</groupId>`,
      r.artifactId && `<artifactId>${r.artifactId}</artifactId>`,
      r.version && `<version>${r.version}</version>`,
      r.message && `<message>${r.message}</message>`,
    ];
    out.push(
      `  <distributionManagement><relocation>${parts.filter(Boolean).join('')}</relocation></distributionManagement>`,
    );
  }
  if (spec.extra) out.push(spec.extra);
  out.push('</project>', '');
  return out.join('\n');
}

/**
 * A temporary local repository plus project directory, written with real files in Maven's
 * layout; `resolve` runs the real resolver on it (offline).
 */
export class FixtureRepo {
  readonly root = mkdtempSync(path.join(os.tmpdir(), 'goalhost-resolver-'));
  readonly repo = path.join(this.root, 'repo');
  readonly project = path.join(this.root, 'project');
  readonly warnings: string[] = [];
  readonly infos: string[] = [];

  /** Adds `g:a:v` with its POM and (unless `files: []`) a jar; `files` lists `[classifier:]extension`. */
  artifact(gav: string, spec: PomSpec & { files?: readonly string[]; noPom?: boolean } = {}): this {
    const [g, a, v] = gav.split(':');
    const dir = path.join(this.repo, ...g.split('.'), a, v);
    mkdirSync(dir, { recursive: true });
    if (!spec.noPom) writeFileSync(path.join(dir, `${a}-${v}.pom`), pomXml(gav, spec));
    for (const f of spec.files ?? (spec.packaging === 'pom' ? [] : ['jar'])) {
      const [cls, ext] = f.includes(':') ? f.split(':') : ['', f];
      writeFileSync(path.join(dir, `${a}-${v}${cls ? `-${cls}` : ''}.${ext}`), `${gav}:${f}\n`);
    }
    return this;
  }

  /** Writes the project POM (and returns its path). */
  projectPom(gav: string, spec: PomSpec = {}): string {
    mkdirSync(this.project, { recursive: true });
    const file = path.join(this.project, 'pom.xml');
    writeFileSync(file, pomXml(gav, spec));
    return file;
  }

  file(relative: string, content = 'x\n'): string {
    const p = path.join(this.root, relative);
    mkdirSync(path.dirname(p), { recursive: true });
    writeFileSync(p, content);
    return p;
  }

  system(
    options: {
      settings?: Settings;
      userProperties?: Record<string, string>;
      activeProfiles?: string[];
      inactiveProfiles?: string[];
      offline?: boolean;
      updateSnapshots?: boolean;
      settingsSecurityFile?: string;
    } = {},
  ): RepositorySystem {
    return createRepositorySystem({
      localRepository: this.repo,
      offline: options.offline ?? true,
      updateSnapshots: options.updateSnapshots ?? false,
      settings: options.settings ?? EMPTY_SETTINGS,
      userProperties: options.userProperties ?? {},
      env: {},
      activeProfiles: options.activeProfiles ?? [],
      inactiveProfiles: options.inactiveProfiles ?? [],
      ...(options.settingsSecurityFile ? { settingsSecurityFile: options.settingsSecurityFile } : {}),
      log: {
        debug: () => undefined,
        info: (m) => this.infos.push(m),
        warn: (m) => this.warnings.push(m),
        isDebugEnabled: () => false,
      },
    });
  }

  /** Resolves the project in test scope: `g:a:type[:classifier]:version:scope[ (optional)]` lines in Maven's order. */
  async resolve(options: Parameters<FixtureRepo['system']>[0] = {}): Promise<string[]> {
    const system = this.system(options);
    const project = await system.buildProject(path.join(this.project, 'pom.xml'));
    return (await system.resolveDependencies(project, 'test')).map(line);
  }

  /** Removes the files; GOALHOST_KEEP_FIXTURES=1 keeps them (to check a fixture against real Maven). */
  cleanup(): void {
    if (process.env.GOALHOST_KEEP_FIXTURES) console.log(`kept fixture ${this.root}`);
    else rmSync(this.root, { recursive: true, force: true });
  }
}

export function line(a: Artifact): string {
  return `${[a.groupId, a.artifactId, a.type, ...(a.classifier ? [a.classifier] : []), a.version, a.scope].join(':')}${a.optional ? ' (optional)' : ''}`;
}

/** The error `promise` rejects with (a test failure when it resolves). */
export async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a failure, but it succeeded');
}
