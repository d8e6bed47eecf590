import { interpolate } from './interpolation';
import { classifierLikes, detectOs, type OsDetectorInput } from './os-detector';
import type { WorkingDependency, WorkingModel } from './working-model';

/**
 * goalhost's stand-in for the build extension kr.motd.maven:os-maven-plugin, which it cannot
 * load (Java). It mirrors the extension's kr.motd.maven.os.DetectExtension as Maven 3.8.7 runs a
 * project's build extension (`<build><extensions>` or a plugin with `<extensions>true`, in a
 * session project or inherited from its parents):
 * - it runs once, after every session project is read (afterProjectsRead; afterSessionStart
 *   reaches only core extensions of .mvn/extensions.xml), so the projects' own interpolation and
 *   profile activation never saw the properties: `${os.detected.classifier}` is still written
 *   out in a dependency when it starts, and a profile activated by `os.detected.name` stays off;
 * - it logs its banner and each property at INFO, after "Scanning for projects..." and before
 *   the reactor build order;
 * - the "likes" appended to the classifier come from `os.detection.classifierWithLikes` of the
 *   user properties, replaced by the first session project's own property;
 * - every session project (whether it declares the extension or not) gets os.detected.name,
 *   .arch, .bitness, .classifier and .release* as model properties, which `${...}` in plugin
 *   configuration and help:evaluate read; its dependencies', dependencyManagement's and build
 *   plugins' dependencies' groupId, artifactId, version, classifier, systemPath and exclusions
 *   have those properties replaced;
 * - the same properties reach the models of dependencies read afterwards (the extension puts
 *   them in the session's and the repository session's system properties);
 * - os.detected.version* are only logged: the extension sets them in a copy it drops.
 * An operating system or architecture it has no name for fails the build (DetectionException)
 * unless the system property failOnUnknownOS is false.
 */

const GROUP_ID = 'kr.motd.maven';
const ARTIFACT_ID = 'os-maven-plugin';
const LINE = '------------------------------------------------------------------------';
const LIKES_PROPERTY = 'os.detection.classifierWithLikes';
/** The properties the extension gives to models and the session; release ones are matched by prefix. */
const SHARED = ['os.detected.name', 'os.detected.arch', 'os.detected.bitness', 'os.detected.classifier'];
const RELEASE_PREFIX = 'os.detected.release';

export function isOsMavenPlugin(p: { readonly groupId?: string; readonly artifactId?: string }): boolean {
  return p.groupId === GROUP_ID && p.artifactId === ARTIFACT_ID;
}

/**
 * A build plugin goalhost provides itself as an extension: no version to resolve, nothing to
 * download (its goals, such as os:detect, are not provided).
 */
export function isProvidedExtension(p: {
  readonly groupId?: string;
  readonly artifactId?: string;
  readonly extensions?: string;
}): boolean {
  return isOsMavenPlugin(p) && p.extensions?.toLowerCase() === 'true';
}

/** Whether the effective model loads the extension, as a build extension or an extensions plugin. */
export function declaresOsDetection(model: WorkingModel): boolean {
  const build = model.build;
  return build.extensions.some(isOsMavenPlugin) || build.plugins.some(isProvidedExtension);
}

/** The platform could not be named and failOnUnknownOS is not false. */
export class OsDetectionError extends Error {
  constructor(
    message: string,
    readonly detail: readonly string[],
  ) {
    super(message);
    this.name = 'OsDetectionError';
  }
}

export interface OsDetectContext {
  readonly userProperties: Readonly<Record<string, string>>;
  /** Java's system properties with the `-D` ones (what the extension's System.getProperty sees). */
  readonly systemProperties: Readonly<Record<string, string>>;
  readonly readFile: OsDetectorInput['readFile'];
  readonly info: (line: string) => void;
}

/**
 * Runs the extension over the session's projects when one of them declares it: the models are
 * changed in place. Returns the properties for the models read from now on, or undefined when
 * no project declares the extension. Throws OsDetectionError.
 */
export function runOsDetectExtension(
  models: readonly WorkingModel[],
  ctx: OsDetectContext,
): Record<string, string> | undefined {
  const declaring = models.find(declaresOsDetection);
  if (!declaring) return undefined;
  const first = models[0];
  const likes = first.properties.get(LIKES_PROPERTY) ?? ctx.userProperties[LIKES_PROPERTY];
  ctx.info(LINE);
  ctx.info('Detecting the operating system and CPU architecture');
  ctx.info(LINE);
  const detection = detectOs({
    systemProperties: ctx.systemProperties,
    readFile: ctx.readFile,
    classifierWithLikes: classifierLikes(likes),
  });
  for (const [name, value] of detection.properties) ctx.info(`${name}: ${value}`);
  if (detection.failure !== undefined) {
    const where = `${declaring.groupId}:${declaring.artifactId}:${declaring.version} (${declaring.pomFile ?? declaring.source})`;
    throw new OsDetectionError(detection.failure, [
      `The build extension ${GROUP_ID}:${ARTIFACT_ID} of ${where} has no name for this platform's os.name or os.arch.`,
      'Give it one with -Dos.name=... or -Dos.arch=..., or build with "unknown" in its place with -DfailOnUnknownOS=false.',
    ]);
  }
  const shared = sharedProperties(detection.properties, ctx);
  for (const model of models) applyTo(model, shared);
  return Object.fromEntries(shared);
}

/**
 * name, arch, bitness, classifier, then every `os.detected.release*` property: detected ones
 * and any the user or system properties already hold.
 */
function sharedProperties(
  detected: ReadonlyArray<readonly [string, string]>,
  ctx: OsDetectContext,
): Map<string, string> {
  const all = new Map<string, string>([
    ...Object.entries(ctx.systemProperties),
    ...Object.entries(ctx.userProperties),
    ...detected,
  ]);
  const shared = new Map<string, string>();
  for (const key of SHARED) shared.set(key, all.get(key)!);
  for (const [key, value] of all) if (key.startsWith(RELEASE_PREFIX)) shared.set(key, value);
  return shared;
}

function applyTo(model: WorkingModel, shared: ReadonlyMap<string, string>): void {
  for (const [key, value] of shared) model.properties.set(key, value);
  const lookup = (expression: string): string | undefined => shared.get(expression);
  const replace = <T extends object, K extends keyof T>(o: T, fields: readonly K[]): void => {
    for (const f of fields) {
      const v = o[f];
      if (typeof v === 'string' && v.indexOf('${') >= 0) o[f] = interpolate(v, lookup) as T[K];
    }
  };
  const dependency = (d: WorkingDependency): void => {
    replace(d, ['groupId', 'artifactId', 'version', 'classifier', 'systemPath']);
    for (const x of d.exclusions) replace(x, ['groupId', 'artifactId']);
  };
  model.dependencies.forEach(dependency);
  model.dependencyManagement.forEach(dependency);
  for (const p of [...model.build.plugins, ...model.build.pluginManagement]) p.dependencies.forEach(dependency);
}
