import { tryParseXmlFast, tagEnd } from './fast-xml';
import { checkParsedModel, notWellFormed, type ModelParseProblem } from './modello-check';
import { POM_GRAMMAR } from './pom-grammar';
import { child, childrenNamed, childText, parseXml, type XmlElement } from './xml';
import { INPUT_KINDS, readInputFile } from './input-file';
import { XmlStreamError } from './xml-stream-decoder';

/**
 * A POM as written: nothing inherited, nothing interpolated, absent elements left undefined.
 * The resolver turns lineages of these into effective models.
 */
export interface RawModel {
  /** Where the model was read from (a path, or `g:a:v` for models built in memory). */
  readonly source: string;
  readonly modelVersion?: string;
  readonly groupId?: string;
  readonly artifactId?: string;
  readonly version?: string;
  readonly packaging?: string;
  readonly name?: string;
  readonly description?: string;
  readonly url?: string;
  readonly parent?: RawParent;
  readonly base: RawModelBase;
  readonly build?: RawBuild;
  readonly scm?: RawScm;
  readonly relocation?: RawRelocation;
  readonly profiles: readonly RawProfile[];
  /** Whether the text contains `${` anywhere (without, interpolation has nothing to do). */
  readonly hasExpressions?: boolean;
  /** Attributes of `<project>` (e.g. `child.project.url.inherit.append.path`). */
  readonly attributes: Readonly<Record<string, string>>;
  /** Where Maven locates problems of the whole model and of its `<version>`: just after each start tag. */
  readonly projectAt?: { readonly line: number; readonly column: number };
  readonly versionAt?: { readonly line: number; readonly column: number };
  /** Where the POM's own `<groupId>` and `<artifactId>` end their start tags (Maven's location of an invalid id). */
  readonly groupIdAt?: { readonly line: number; readonly column: number };
  readonly artifactIdAt?: { readonly line: number; readonly column: number };
  readonly scmAttributes: Readonly<Record<string, string>>;
  /**
   * Strict reads: what Maven's strict reader refused (an unknown element or attribute, text
   * between elements), though the lenient reader takes the POM. Maven reports it as "Malformed POM".
   */
  readonly malformed?: ModelParseProblem;
}

/** What a profile can contribute as well as the POM itself. */
export interface RawModelBase {
  readonly properties: ReadonlyArray<readonly [string, string]>;
  readonly dependencies: readonly RawDependency[];
  readonly dependencyManagement: readonly RawDependency[];
  readonly repositories: readonly RawRepository[];
  readonly pluginRepositories: readonly RawRepository[];
  readonly modules: readonly string[];
  /** Where each of `modules` ends its start tag (Maven's location of a module). */
  readonly modulesAt?: readonly { readonly line: number; readonly column: number }[];
}

export interface RawParent {
  readonly groupId?: string;
  readonly artifactId?: string;
  readonly version?: string;
  /** undefined: not written (Maven's default `../pom.xml`); '': `<relativePath/>` (repository only). */
  readonly relativePath?: string;
  /** Where Maven reports problems with it: just after the `<parent>` start tag. */
  readonly line: number;
  readonly column: number;
}

export interface RawDependency {
  readonly groupId?: string;
  readonly artifactId?: string;
  readonly version?: string;
  readonly type?: string;
  readonly classifier?: string;
  readonly scope?: string;
  readonly optional?: string;
  readonly systemPath?: string;
  readonly exclusions: ReadonlyArray<{ readonly groupId?: string; readonly artifactId?: string }>;
  /** Where Maven reports problems with the dependency: just after its start tag. */
  readonly line: number;
  readonly column: number;
  /** The `<dependency>` element, to locate problems about one field (at that child's tag). */
  readonly element?: XmlElement;
}

export interface RawPolicy {
  readonly enabled?: string;
  readonly updatePolicy?: string;
  readonly checksumPolicy?: string;
}

export interface RawRepository {
  readonly id?: string;
  readonly name?: string;
  readonly url?: string;
  readonly layout?: string;
  /** Where the `<layout>` value is written, for Maven's validator message about it. */
  readonly layoutAt?: { readonly line: number; readonly column: number };
  readonly releases?: RawPolicy;
  readonly snapshots?: RawPolicy;
}

export interface RawPluginExecution {
  readonly id?: string;
  readonly phase?: string;
  readonly goals: readonly string[];
  readonly inherited?: string;
  readonly configuration?: XmlElement;
}

export interface RawPlugin {
  readonly groupId?: string;
  readonly artifactId?: string;
  readonly version?: string;
  readonly inherited?: string;
  readonly extensions?: string;
  readonly configuration?: XmlElement;
  readonly executions: readonly RawPluginExecution[];
  readonly dependencies: readonly RawDependency[];
  /** Where Maven reports problems with the plugin: just after its start tag. */
  readonly line: number;
  readonly column: number;
}

/** A `<build><extensions><extension>`: an artifact Maven loads into the build (not in profiles). */
export interface RawExtension {
  readonly groupId?: string;
  readonly artifactId?: string;
  readonly version?: string;
}

export interface RawBuild {
  readonly directory?: string;
  readonly outputDirectory?: string;
  readonly testOutputDirectory?: string;
  readonly sourceDirectory?: string;
  readonly testSourceDirectory?: string;
  readonly scriptSourceDirectory?: string;
  readonly finalName?: string;
  readonly defaultGoal?: string;
  readonly plugins: readonly RawPlugin[];
  readonly pluginManagement: readonly RawPlugin[];
  /** Only the project's build has them (a profile's build is Maven's BuildBase). */
  readonly extensions?: readonly RawExtension[];
}

export interface RawScm {
  readonly connection?: string;
  readonly developerConnection?: string;
  readonly url?: string;
  readonly tag?: string;
}

export interface RawRelocation {
  readonly groupId?: string;
  readonly artifactId?: string;
  readonly version?: string;
  readonly message?: string;
}

export interface RawActivation {
  readonly activeByDefault?: string;
  readonly jdk?: string;
  readonly os?: { readonly name?: string; readonly family?: string; readonly arch?: string; readonly version?: string };
  readonly property?: { readonly name?: string; readonly value?: string };
  readonly file?: { readonly exists?: string; readonly missing?: string };
}

export interface RawProfile {
  readonly id: string;
  readonly activation?: RawActivation;
  readonly base: RawModelBase;
  readonly build?: RawBuild;
}

/**
 * `light`: for POMs read only for their dependencies (from repositories): the build section is
 * skipped and no XML elements are kept, so the parsed tree can be freed at once.
 * `strict`: also check the POM as Maven's strict reader does (projects and their parents), see
 * RawModel.malformed.
 */
export interface PomReadOptions {
  readonly light?: boolean;
  readonly strict?: boolean;
}

/**
 * A POM that even Maven's lenient reader refuses (a duplicated element, an element inside a
 * value, text inside a list): Maven's "Non-parseable POM". In a strict read the problem is the
 * one the strict reader met first, as Maven reports it.
 */
export class ModelParseError extends Error {
  constructor(
    readonly source: string,
    readonly problem: ModelParseProblem,
  ) {
    super(`Non-parseable POM ${source}: ${problem.message}`);
    this.name = 'ModelParseError';
  }
}

/**
 * A POM whose input ends inside the document: MXParser's EOFException, which Maven reports as
 * "Non-readable POM" with no place.
 */
export class ModelReadError extends Error {
  constructor(
    readonly source: string,
    readonly reason: string,
  ) {
    super(`Non-readable POM ${source}: ${reason}`);
    this.name = 'ModelReadError';
  }
}

/**
 * Reads and parses a POM file. A POM Maven cannot read throws ModelParseError (not well-formed,
 * with MXParser's message and place, or refused by the reader) or ModelReadError (the input
 * ends early).
 */
export function readPom(file: string, options: PomReadOptions = {}): RawModel {
  return parsePom(
    pomText(file, () => readInputFile(file, 'The POM file', INPUT_KINDS.pom)),
    file,
    options,
  );
}

/** The text `read` gives for a POM; bytes Maven's XmlStreamReader cannot decode are its "Non-readable POM". */
export function pomText(file: string, read: () => string): string {
  try {
    return read();
  } catch (e) {
    if (e instanceof XmlStreamError) throw new ModelReadError(file, e.message);
    throw e;
  }
}

/** Parses POM text; `source` names it in messages. */
export function parsePom(text: string, source: string, options: PomReadOptions = {}): RawModel {
  const project = parseProject(text, source, options.strict === true);
  // Maven reads strictly first and, refused, leniently; refused again, it reports the first refusal.
  const strict = options.strict ? checkParsedModel(text, project, POM_GRAMMAR, true) : undefined;
  // The strict reader refuses all the lenient one does (there or earlier).
  if (strict?.notWellFormed) throw notWellFormedError(source, strict);
  const lenient = !options.strict || strict ? checkParsedModel(text, project, POM_GRAMMAR, false) : undefined;
  if (lenient?.notWellFormed) throw notWellFormedError(source, lenient);
  if (lenient) throw new ModelParseError(source, strict ?? lenient);
  const raw = pomFromElement(project, source, options, text.includes('${'));
  return strict ? { ...raw, malformed: strict } : raw;
}

/**
 * The element tree of a POM. Input the fast reader does not take is checked as MXParser reads it
 * first, so that XML that is not well-formed fails as Maven's reader fails on it.
 */
function parseProject(text: string, source: string, strict: boolean): XmlElement {
  const fast = tryParseXmlFast(text);
  if (fast) return fast;
  const problem = notWellFormed(text, POM_GRAMMAR, strict);
  if (problem) throw notWellFormedError(source, problem);
  return parseXml(text, source);
}

function notWellFormedError(source: string, problem: ModelParseProblem): Error {
  return problem.endOfInput ? new ModelReadError(source, problem.message) : new ModelParseError(source, problem);
}

export function pomFromElement(
  project: XmlElement,
  source: string,
  options: PomReadOptions = {},
  hasExpressions = true,
): RawModel {
  const light = options.light === true;
  const parentEl = child(project, 'parent');
  const scmEl = child(project, 'scm');
  const relocationEl = child(child(project, 'distributionManagement'), 'relocation');
  return {
    source,
    modelVersion: childText(project, 'modelVersion'),
    groupId: childText(project, 'groupId'),
    artifactId: childText(project, 'artifactId'),
    version: childText(project, 'version'),
    packaging: childText(project, 'packaging'),
    name: childText(project, 'name'),
    description: childText(project, 'description'),
    url: childText(project, 'url'),
    parent: parentEl && {
      groupId: childText(parentEl, 'groupId'),
      artifactId: childText(parentEl, 'artifactId'),
      version: childText(parentEl, 'version'),
      relativePath: childText(parentEl, 'relativePath'),
      ...tagEnd(parentEl),
    },
    base: readBase(project, light),
    build: light ? undefined : readBuild(child(project, 'build'), true),
    scm: scmEl && {
      connection: childText(scmEl, 'connection'),
      developerConnection: childText(scmEl, 'developerConnection'),
      url: childText(scmEl, 'url'),
      tag: childText(scmEl, 'tag'),
    },
    relocation: relocationEl && {
      groupId: childText(relocationEl, 'groupId'),
      artifactId: childText(relocationEl, 'artifactId'),
      version: childText(relocationEl, 'version'),
      message: childText(relocationEl, 'message'),
    },
    profiles: childrenNamed(child(project, 'profiles'), 'profile').map((p) => readProfile(p, light)),
    hasExpressions,
    attributes: project.attributes,
    ...(light
      ? {}
      : {
          projectAt: tagEnd(project),
          ...(child(project, 'version') ? { versionAt: tagEnd(child(project, 'version')!) } : {}),
          ...(child(project, 'groupId') ? { groupIdAt: tagEnd(child(project, 'groupId')!) } : {}),
          ...(child(project, 'artifactId') ? { artifactIdAt: tagEnd(child(project, 'artifactId')!) } : {}),
        }),
    scmAttributes: scmEl?.attributes ?? {},
  };
}

function readBase(el: XmlElement, light = false): RawModelBase {
  const props = child(el, 'properties');
  return {
    properties: props ? props.children.map((p) => [p.name, p.text.trim()] as const) : [],
    dependencies: readDependencies(child(el, 'dependencies'), light),
    dependencyManagement: readDependencies(child(child(el, 'dependencyManagement'), 'dependencies'), light),
    repositories: childrenNamed(child(el, 'repositories'), 'repository').map(readRepository),
    pluginRepositories: childrenNamed(child(el, 'pluginRepositories'), 'pluginRepository').map(readRepository),
    modules: childrenNamed(child(el, 'modules'), 'module').map((m) => m.text.trim()),
    modulesAt: childrenNamed(child(el, 'modules'), 'module').map(tagEnd),
  };
}

export function readDependencies(el: XmlElement | undefined, light = false): RawDependency[] {
  const result: RawDependency[] = [];
  if (!el) return result;
  for (const d of el.children) {
    if (d.name !== 'dependency') continue;
    // One pass over the children (the first of each name counts, as childText does).
    let groupId, artifactId, version, type, classifier, scope, optional, systemPath: string | undefined;
    let exclusions: XmlElement | undefined;
    for (const c of d.children) {
      const v = c.text.trim();
      switch (c.name) {
        case 'groupId':
          groupId ??= v;
          break;
        case 'artifactId':
          artifactId ??= v;
          break;
        case 'version':
          version ??= v;
          break;
        case 'type':
          type ??= v;
          break;
        case 'classifier':
          classifier ??= v;
          break;
        case 'scope':
          scope ??= v;
          break;
        case 'optional':
          optional ??= v;
          break;
        case 'systemPath':
          systemPath ??= v;
          break;
        case 'exclusions':
          exclusions ??= c;
          break;
        default:
      }
    }
    const at = tagEnd(d);
    result.push({
      groupId,
      artifactId,
      version,
      type,
      classifier,
      scope,
      optional,
      systemPath,
      exclusions: exclusions
        ? childrenNamed(exclusions, 'exclusion').map((x) => ({
            groupId: childText(x, 'groupId'),
            artifactId: childText(x, 'artifactId'),
          }))
        : [],
      line: at.line,
      column: at.column,
      ...(light ? {} : { element: d }),
    });
  }
  return result;
}

export function readRepository(el: XmlElement): RawRepository {
  const policy = (p: XmlElement | undefined): RawPolicy | undefined =>
    p && {
      enabled: childText(p, 'enabled'),
      updatePolicy: childText(p, 'updatePolicy'),
      checksumPolicy: childText(p, 'checksumPolicy'),
    };
  const layout = child(el, 'layout');
  return {
    id: childText(el, 'id'),
    name: childText(el, 'name'),
    url: childText(el, 'url'),
    layout: childText(el, 'layout'),
    ...(layout ? { layoutAt: tagEnd(layout) } : {}),
    releases: policy(child(el, 'releases')),
    snapshots: policy(child(el, 'snapshots')),
  };
}

function readBuild(el: XmlElement | undefined, project = false): RawBuild | undefined {
  if (!el) return undefined;
  const extensions = project ? childrenNamed(child(el, 'extensions'), 'extension') : [];
  return {
    directory: childText(el, 'directory'),
    outputDirectory: childText(el, 'outputDirectory'),
    testOutputDirectory: childText(el, 'testOutputDirectory'),
    sourceDirectory: childText(el, 'sourceDirectory'),
    testSourceDirectory: childText(el, 'testSourceDirectory'),
    scriptSourceDirectory: childText(el, 'scriptSourceDirectory'),
    finalName: childText(el, 'finalName'),
    defaultGoal: childText(el, 'defaultGoal'),
    plugins: childrenNamed(child(el, 'plugins'), 'plugin').map(readPlugin),
    pluginManagement: childrenNamed(child(child(el, 'pluginManagement'), 'plugins'), 'plugin').map(readPlugin),
    ...(extensions.length > 0
      ? {
          extensions: extensions.map((x) => ({
            groupId: childText(x, 'groupId'),
            artifactId: childText(x, 'artifactId'),
            version: childText(x, 'version'),
          })),
        }
      : {}),
  };
}

function readPlugin(el: XmlElement): RawPlugin {
  const at = tagEnd(el);
  return {
    line: at.line,
    column: at.column,
    groupId: childText(el, 'groupId'),
    artifactId: childText(el, 'artifactId'),
    version: childText(el, 'version'),
    inherited: childText(el, 'inherited'),
    extensions: childText(el, 'extensions'),
    configuration: child(el, 'configuration'),
    executions: childrenNamed(child(el, 'executions'), 'execution').map((x) => ({
      id: childText(x, 'id'),
      phase: childText(x, 'phase'),
      goals: childrenNamed(child(x, 'goals'), 'goal').map((g) => g.text.trim()),
      inherited: childText(x, 'inherited'),
      configuration: child(x, 'configuration'),
    })),
    dependencies: readDependencies(child(el, 'dependencies')),
  };
}

function readProfile(el: XmlElement, light = false): RawProfile {
  const act = child(el, 'activation');
  const os = child(act, 'os');
  const prop = child(act, 'property');
  const file = child(act, 'file');
  return {
    id: childText(el, 'id') ?? 'default',
    activation: act && {
      activeByDefault: childText(act, 'activeByDefault'),
      jdk: childText(act, 'jdk'),
      os: os && {
        name: childText(os, 'name'),
        family: childText(os, 'family'),
        arch: childText(os, 'arch'),
        version: childText(os, 'version'),
      },
      property: prop && { name: childText(prop, 'name'), value: childText(prop, 'value') },
      file: file && { exists: childText(file, 'exists'), missing: childText(file, 'missing') },
    },
    base: readBase(el, light),
    build: light ? undefined : readBuild(child(el, 'build')),
  };
}
