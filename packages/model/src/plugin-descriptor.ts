/** One `<parameter>` of a `<mojo>` in plugin.xml, merged with its `<configuration>` entry. */
export interface ParameterDescriptor {
  readonly name: string;
  readonly alias?: string;
  /** Java type name as in plugin.xml: `boolean`, `int`, `java.lang.String`, `java.io.File`, `java.util.List`, `java.lang.String[]`, `x.y.SourceTarget[]`. */
  readonly type: string;
  readonly since?: string;
  readonly required: boolean;
  readonly editable: boolean;
  readonly description: string;
  readonly deprecated?: string;
  /** `${property}` from the `<configuration>` block; the property is the user property. */
  readonly expression?: string;
  readonly defaultValue?: string;
  /** The `implementation` attribute of the `<configuration>` entry, when it differs from `type`. */
  readonly implementation?: string;
}

/** One `<mojo>` of plugin.xml. */
export interface MojoDescriptor {
  readonly goal: string;
  readonly description: string;
  readonly requiresDependencyResolution?: string;
  readonly requiresDependencyCollection?: string;
  readonly requiresProject: boolean;
  readonly requiresOnline: boolean;
  readonly aggregator: boolean;
  readonly threadSafe: boolean;
  readonly phase?: string;
  readonly since?: string;
  readonly implementation: string;
  readonly language: string;
  readonly parameters: readonly ParameterDescriptor[];
  /** Present when the goal is deprecated; empty when no reason was given. */
  readonly deprecated?: string;
  readonly requiresDirectInvocation?: boolean;
  readonly requiresReports?: boolean;
  readonly inheritedByDefault?: boolean;
  readonly instantiationStrategy?: string;
  readonly executionStrategy?: string;
  readonly executePhase?: string;
  readonly executeGoal?: string;
  readonly executeLifecycle?: string;
}

/** A plugin.xml (`plugin-descriptor.xml`): what the host knows about a plugin's goals. */
export interface PluginDescriptor {
  readonly name: string;
  readonly description: string;
  readonly groupId: string;
  readonly artifactId: string;
  readonly version: string;
  readonly goalPrefix: string;
  readonly mojos: readonly MojoDescriptor[];
  readonly isolatedRealm?: boolean;
  readonly inheritedByDefault?: boolean;
  /** Where this descriptor came from (file path or package name), for error messages. */
  readonly source: string;
}

/** The user property of a parameter: `x` of an expression that is exactly `${x}`. */
export function userProperty(p: ParameterDescriptor): string | undefined {
  const m = /^\$\{([^}]+)\}$/.exec(p.expression ?? '');
  return m ? m[1] : undefined;
}
