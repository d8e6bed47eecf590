import type { XmlElement } from './xml';

/** groupId:artifactId:version of a POM or plugin. */
export interface Coordinates {
  readonly groupId: string;
  readonly artifactId: string;
  readonly version: string;
}

export interface Exclusion {
  readonly groupId: string;
  readonly artifactId: string;
}

/** A `<dependency>` after interpolation; `type` defaults to `jar`; in an effective model an undeclared scope is `compile`. */
export interface Dependency {
  readonly groupId: string;
  readonly artifactId: string;
  readonly version?: string;
  readonly type: string;
  readonly classifier?: string;
  readonly scope?: string;
  readonly optional?: boolean;
  readonly systemPath?: string;
  readonly exclusions: readonly Exclusion[];
}

export interface PluginExecution {
  readonly id: string;
  readonly phase?: string;
  readonly goals: readonly string[];
  /** The raw `<configuration>` element, interpolated lazily by the parameter binder. */
  readonly configuration?: XmlElement;
}

export interface Plugin {
  readonly groupId: string;
  readonly artifactId: string;
  readonly version?: string;
  readonly configuration?: XmlElement;
  readonly executions: readonly PluginExecution[];
}

export interface Scm {
  readonly connection?: string;
  readonly developerConnection?: string;
  readonly url?: string;
  readonly tag?: string;
}

export interface RepositoryPolicy {
  readonly enabled: boolean;
  readonly updatePolicy?: string;
  readonly checksumPolicy?: string;
}

export interface Repository {
  readonly id: string;
  readonly url: string;
  readonly layout?: string;
  readonly releases: RepositoryPolicy;
  readonly snapshots: RepositoryPolicy;
}

export interface Build {
  /** Absolute `${project.build.directory}` (default `${basedir}/target`). */
  readonly directory: string;
  readonly outputDirectory: string;
  readonly testOutputDirectory: string;
  readonly sourceDirectory: string;
  readonly finalName: string;
  readonly plugins: readonly Plugin[];
  readonly pluginManagement: readonly Plugin[];
}

/** The effective model of one project: parents merged, profiles applied, `${...}` interpolated. */
export interface Project extends Coordinates {
  /** Absolute path of the pom.xml this project came from. */
  readonly file: string;
  /** Absolute directory of `file`. */
  readonly basedir: string;
  /**
   * Maven's stub project of a run without a POM: it has no file, so `${project.basedir}` is
   * unknown to expressions (the directory mvn runs in still anchors relative paths).
   */
  readonly standalone?: boolean;
  readonly packaging: string;
  readonly name?: string;
  readonly description?: string;
  readonly url?: string;
  readonly parent?: Coordinates & { readonly relativePath?: string };
  readonly properties: Readonly<Record<string, string>>;
  readonly dependencies: readonly Dependency[];
  readonly dependencyManagement: readonly Dependency[];
  readonly build: Build;
  readonly scm?: Scm;
  readonly repositories: readonly Repository[];
  readonly modules: readonly string[];
  /** Ids of the profiles that were active when this model was built. */
  readonly activeProfiles: readonly string[];
  /**
   * The active profiles by the model that declares them (`external` for settings profiles, then
   * `groupId:artifactId:version` of the project and of its parents), as Maven records them.
   */
  readonly profileSources?: readonly ProfileSource[];
  /** The whole effective model as Maven writes it (help:effective-pom), built on demand. */
  readonly effectiveModel?: (verbose?: boolean) => XmlNode;
  /** The declaration of a property that the effective model holds (the nearest one), for provenance. */
  readonly propertyDeclaration?: (name: string) => PropertyDeclaration | undefined;
  /**
   * A property as the reactor's POM files on disk alone give it (see PropertyDeclaration.origin):
   * their nearest declaration, interpolated only with the user's and system properties, their own
   * properties and `${basedir}`; an expression none of those defines stays as written.
   */
  readonly diskProperty?: (name: string) => DiskProperty | undefined;
}

/**
 * Who wrote a property: `disk` for the project's own pom.xml and the parents read from disk by
 * relativePath from it (the reactor's POM files); `repository` for every POM a repository gave
 * (parents resolved from a repository, any POM inside the local repository, and parents reached
 * from those); `settings` for a settings.xml profile.
 */
export interface PropertyDeclaration {
  readonly origin: 'disk' | 'repository' | 'settings';
  /** `groupId:artifactId:version` of the declaring POM, or `settings.xml`. */
  readonly source: string;
  /** The declaring POM file. */
  readonly file?: string;
  /** The active profile declaring it, when not the POM's own `<properties>`. */
  readonly profile?: string;
  /** As written, before interpolation. */
  readonly value: string;
}

export interface DiskProperty {
  /** Interpolated (see Project.diskProperty). */
  readonly value: string;
  readonly declaration: PropertyDeclaration;
}

export interface ProfileSource {
  readonly source: string;
  readonly ids: readonly string[];
}

/** An element to write as XML: text or child elements, attributes in order. */
export interface XmlNode {
  readonly name: string;
  readonly attributes?: ReadonlyArray<readonly [string, string]>;
  readonly text?: string;
  readonly children?: readonly XmlNode[];
  /** Where the value was declared (`model id, line n`), for help:effective-pom -Dverbose. */
  readonly location?: string;
}

/** A resolved dependency: coordinates, mediated scope and the file in the local repository. */
export interface Artifact {
  readonly groupId: string;
  readonly artifactId: string;
  /** The resolved version (a timestamped version for a resolved snapshot). */
  readonly version: string;
  /** `1.0-SNAPSHOT` for `1.0-20200101.120000-3`; else equal to version. */
  readonly baseVersion: string;
  readonly type: string;
  readonly classifier?: string;
  readonly extension: string;
  readonly scope: string;
  readonly optional: boolean;
  /** Absolute path of the artifact file. */
  readonly file: string;
  /** Number of edges from the project (1 for direct dependencies). */
  readonly depth: number;
}

/** `groupId:artifactId:type[:classifier]:version` — Maven's artifact id form. */
export function artifactId(a: Pick<Artifact, 'groupId' | 'artifactId' | 'type' | 'classifier' | 'version'>): string {
  return [a.groupId, a.artifactId, a.type, ...(a.classifier ? [a.classifier] : []), a.version].join(':');
}

export function isSnapshotVersion(version: string): boolean {
  return version.endsWith('SNAPSHOT') || /-\d{8}\.\d{6}-\d+$/.test(version);
}
