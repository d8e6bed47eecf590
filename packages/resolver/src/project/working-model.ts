import type {
  RawDependency,
  RawExtension,
  RawModel,
  RawParent,
  RawPlugin,
  RawRelocation,
  RawRepository,
  RawScm,
  XmlElement,
} from '@goalhost/model';

/**
 * The mutable model the builder works on while it injects profiles, inherits from parents and
 * interpolates. Created fresh from a RawModel for every build; RawModels stay untouched (cached).
 */
export interface WorkingDependency {
  groupId?: string;
  artifactId?: string;
  version?: string;
  type?: string;
  classifier?: string;
  scope?: string;
  optional?: string;
  systemPath?: string;
  exclusions: Array<{ groupId?: string; artifactId?: string }>;
  line: number;
  column: number;
  /** The declaring `<dependency>` element, to locate problems about one field. */
  element: XmlElement | undefined;
  /** The model (id or file) the declaration comes from, for messages. */
  origin: DeclarationOrigin;
  /** The dependencyManagement entry the version was taken from: problems with it are located there, as Maven does. */
  versionFrom?: WorkingDependency;
  /**
   * Which written `<scope>` the scope is (the parsed declaration), undefined for Maven's default:
   * Java compares scope strings by reference in one place (dependency:tree -Dverbose).
   */
  scopeFrom: object | undefined;
}

export interface DeclarationOrigin {
  readonly id: string;
  readonly file?: string;
}

export interface WorkingExecution {
  id?: string;
  phase?: string;
  goals: string[];
  inherited?: string;
  configuration?: XmlElement;
}

export interface WorkingPlugin {
  groupId?: string;
  artifactId?: string;
  version?: string;
  inherited?: string;
  extensions?: string;
  configuration?: XmlElement;
  executions: WorkingExecution[];
  dependencies: WorkingDependency[];
  /** Where the plugin was declared (model and position), for messages. */
  origin?: DeclarationOrigin;
  line?: number;
  column?: number;
}

export interface WorkingBuild {
  directory?: string;
  outputDirectory?: string;
  testOutputDirectory?: string;
  sourceDirectory?: string;
  testSourceDirectory?: string;
  scriptSourceDirectory?: string;
  finalName?: string;
  defaultGoal?: string;
  plugins: WorkingPlugin[];
  pluginManagement: WorkingPlugin[];
  /** `<build><extensions>`, inherited and interpolated. */
  extensions: Array<{ -readonly [K in keyof RawExtension]: RawExtension[K] }>;
}

/** The build's directory fields, which Maven aligns to the project's base directory. */
export const BUILD_DIRECTORY_FIELDS = [
  'directory',
  'outputDirectory',
  'testOutputDirectory',
  'sourceDirectory',
  'testSourceDirectory',
  'scriptSourceDirectory',
] as const;

/** Every plain-text field of `<build>`: inherited, merged from profiles and interpolated one by one. */
export const BUILD_TEXT_FIELDS = [...BUILD_DIRECTORY_FIELDS, 'finalName', 'defaultGoal'] as const;

export interface WorkingModel {
  /** Path of the POM file, or a description for POMs without one. */
  source: string;
  pomFile?: string;
  /** Directory of a project POM (not set for POMs from repositories). */
  projectDir?: string;
  modelVersion?: string;
  groupId?: string;
  artifactId?: string;
  version?: string;
  packaging?: string;
  name?: string;
  description?: string;
  url?: string;
  parent?: RawParent;
  properties: Map<string, string>;
  dependencies: WorkingDependency[];
  dependencyManagement: WorkingDependency[];
  repositories: RawRepository[];
  pluginRepositories: RawRepository[];
  modules: string[];
  /** Where the POM's own modules were written, in their order (profiles' modules follow them in `modules`). */
  modulesAt?: readonly { readonly line: number; readonly column: number }[];
  /** Where `groupId` and `artifactId` were written: this POM, or for an inherited groupId the parent's. */
  idsAt: { groupId?: FieldLocation; artifactId?: FieldLocation };
  build: WorkingBuild;
  scm?: { -readonly [K in keyof RawScm]: RawScm[K] };
  relocation?: RawRelocation;
  attributes: Readonly<Record<string, string>>;
  scmAttributes: Readonly<Record<string, string>>;
}

/** A value's place: the declaring model (its id and file) and where its start tag ends. */
export interface FieldLocation {
  readonly origin: DeclarationOrigin;
  readonly line: number;
  readonly column: number;
}

export function originOf(raw: RawModel): DeclarationOrigin {
  const g = raw.groupId ?? raw.parent?.groupId ?? '[unknown-group-id]';
  const v = raw.version ?? raw.parent?.version ?? '[unknown-version]';
  const id = `${g}:${raw.artifactId ?? '[unknown-artifact-id]'}:${v}`;
  return raw.source.includes('/') || raw.source.includes('\\') ? { id, file: raw.source } : { id };
}

export function copyDependency(d: RawDependency, origin: DeclarationOrigin): WorkingDependency {
  // One object shape for every dependency: property access stays monomorphic (thousands of POMs).
  return {
    groupId: d.groupId,
    artifactId: d.artifactId,
    version: d.version,
    type: d.type,
    classifier: d.classifier,
    scope: d.scope,
    optional: d.optional,
    systemPath: d.systemPath,
    scopeFrom: d.scope !== undefined ? d : undefined,
    exclusions:
      d.exclusions.length === 0 ? [] : d.exclusions.map((x) => ({ groupId: x.groupId, artifactId: x.artifactId })),
    line: d.line,
    column: d.column,
    element: d.element,
    origin,
  };
}

export function copyPlugin(p: RawPlugin, origin: DeclarationOrigin): WorkingPlugin {
  return {
    ...(p.groupId !== undefined ? { groupId: p.groupId } : {}),
    ...(p.artifactId !== undefined ? { artifactId: p.artifactId } : {}),
    ...(p.version !== undefined ? { version: p.version } : {}),
    ...(p.inherited !== undefined ? { inherited: p.inherited } : {}),
    ...(p.extensions !== undefined ? { extensions: p.extensions } : {}),
    ...(p.configuration ? { configuration: p.configuration } : {}),
    executions: p.executions.map((x) => ({ ...x, goals: [...x.goals] })),
    dependencies: p.dependencies.map((d) => copyDependency(d, origin)),
    origin,
    line: p.line,
    column: p.column,
  };
}

/** A working copy of a raw model (profiles not yet applied); one object shape for all. */
export function toWorkingModel(raw: RawModel, pomFile?: string, projectDir?: string): WorkingModel {
  const origin = originOf(raw);
  const b = raw.build;
  const base = raw.base;
  return {
    source: raw.source,
    pomFile,
    projectDir,
    modelVersion: raw.modelVersion,
    groupId: raw.groupId,
    artifactId: raw.artifactId,
    version: raw.version,
    packaging: raw.packaging,
    name: raw.name,
    description: raw.description,
    url: raw.url,
    parent: raw.parent,
    properties: new Map(base.properties),
    dependencies: base.dependencies.map((d) => copyDependency(d, origin)),
    dependencyManagement:
      base.dependencyManagement.length === 0 ? [] : base.dependencyManagement.map((d) => copyDependency(d, origin)),
    repositories: base.repositories.length === 0 ? [] : [...base.repositories],
    pluginRepositories: base.pluginRepositories.length === 0 ? [] : [...base.pluginRepositories],
    modules: base.modules.length === 0 ? [] : [...base.modules],
    ...(base.modules.length > 0 && base.modulesAt ? { modulesAt: base.modulesAt } : {}),
    idsAt: {
      ...(raw.groupIdAt ? { groupId: { origin, ...raw.groupIdAt } } : {}),
      ...(raw.artifactIdAt ? { artifactId: { origin, ...raw.artifactIdAt } } : {}),
    },
    build: b
      ? {
          ...stripLists(b),
          plugins: b.plugins.map((p) => copyPlugin(p, origin)),
          pluginManagement: b.pluginManagement.map((p) => copyPlugin(p, origin)),
          extensions: b.extensions ? b.extensions.map((x) => ({ ...x })) : [],
        }
      : { plugins: [], pluginManagement: [], extensions: [] },
    scm: raw.scm ? { ...raw.scm } : undefined,
    relocation: raw.relocation,
    attributes: raw.attributes,
    scmAttributes: raw.scmAttributes,
  };
}

function stripLists<T extends { plugins: unknown; pluginManagement: unknown; extensions?: unknown }>(
  b: T,
): Omit<T, 'plugins' | 'pluginManagement' | 'extensions'> {
  const { plugins: _p, pluginManagement: _m, extensions: _x, ...rest } = b;
  return rest;
}

/** `groupId:artifactId:type[:classifier]`, Maven's key for dependency merging and management. */
export function managementKey(d: {
  groupId?: string;
  artifactId?: string;
  type?: string;
  classifier?: string;
}): string {
  // Java's string concatenation writes a missing groupId or artifactId as "null" (it shows in messages).
  return `${d.groupId ?? 'null'}:${d.artifactId ?? 'null'}:${d.type ?? 'jar'}${d.classifier !== undefined ? `:${d.classifier}` : ''}`;
}

/** The groupId a plugin declared without one has. */
export const MAVEN_PLUGINS = 'org.apache.maven.plugins';

export function pluginKey(p: { groupId?: string; artifactId?: string }): string {
  return `${p.groupId ?? MAVEN_PLUGINS}:${p.artifactId}`;
}

/**
 * Merges `src` into `tgt` keyed like Maven's MergingList: the target's order first (its own
 * duplicates collapsed to the last content at the first position), then new source entries;
 * with `sourceDominant` a source entry replaces a target entry in place.
 */
export function mergeByKey<T>(
  tgt: readonly T[],
  src: readonly T[],
  key: (t: T) => string,
  sourceDominant: boolean,
): T[] {
  const map = new Map<string, T>();
  for (const t of tgt) map.set(key(t), t);
  for (const s of src) {
    const k = key(s);
    if (sourceDominant || !map.has(k)) map.set(k, s);
  }
  return [...map.values()];
}
