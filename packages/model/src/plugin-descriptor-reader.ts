import type { MojoDescriptor, ParameterDescriptor, PluginDescriptor } from './plugin-descriptor';
import { child, childrenNamed, parseXml, type XmlElement } from './xml';

/** A well-formed XML file that is not a usable plugin descriptor: names the file, the place and what is missing. */
export class PluginDescriptorError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly elementPath: string,
    readonly reason: string,
  ) {
    super(`Invalid plugin descriptor ${file}:${line}:${column} (in ${elementPath}): ${reason}`);
    this.name = 'PluginDescriptorError';
  }
}

/** Maven's ResolutionScope values as they appear in `<requiresDependencyResolution>`. */
export const RESOLUTION_SCOPES = ['compile', 'compile+runtime', 'runtime', 'runtime+system', 'test'] as const;

/**
 * Reads a Maven plugin.xml (as maven-plugin-tools 3.x writes it). Each `<parameter>` is merged
 * with its `<configuration>` entry: the entry's text becomes `expression`, its `default-value`
 * attribute `defaultValue`. Throws XmlSyntaxError for malformed XML and PluginDescriptorError
 * when an element the host needs is missing or holds a value it cannot use.
 */
export function readPluginDescriptor(xmlText: string, source: string): PluginDescriptor {
  const root = parseXml(xmlText, source);
  const r = new ElementReader(source);
  if (root.name !== 'plugin') {
    throw r.error(
      root,
      root.name,
      `the root element is <${root.name}>; a plugin descriptor's root element is <plugin>`,
    );
  }
  const path = 'plugin';
  const mojosEl = child(root, 'mojos');
  const mojos = childrenNamed(mojosEl, 'mojo').map((m, i) => readMojo(r, m, `${path}/mojos/mojo[${i + 1}]`));
  const seen = new Map<string, MojoDescriptor>();
  for (const [i, m] of mojos.entries()) {
    if (seen.has(m.goal)) {
      const el = childrenNamed(mojosEl, 'mojo')[i];
      throw r.error(
        el,
        `${path}/mojos/mojo[${i + 1}]`,
        `goal '${m.goal}' is declared twice; each <mojo> needs its own <goal>`,
      );
    }
    seen.set(m.goal, m);
  }
  const isolatedRealm = r.optionalBoolean(root, path, 'isolatedRealm');
  const inheritedByDefault = r.optionalBoolean(root, path, 'inheritedByDefault');
  return {
    name: r.text(root, 'name') ?? '',
    description: r.text(root, 'description') ?? '',
    groupId: r.required(root, path, 'groupId', 'org.example'),
    artifactId: r.required(root, path, 'artifactId', 'example-maven-plugin'),
    version: r.required(root, path, 'version', '1.0.0'),
    goalPrefix: r.required(root, path, 'goalPrefix', 'example'),
    mojos,
    ...(isolatedRealm === undefined ? {} : { isolatedRealm }),
    ...(inheritedByDefault === undefined ? {} : { inheritedByDefault }),
    source,
  };
}

function readMojo(r: ElementReader, el: XmlElement, position: string): MojoDescriptor {
  const goal = r.required(el, position, 'goal', 'my-goal');
  const path = position.replace(/\[\d+\]$/, `[goal='${goal}']`);
  const parametersEl = child(el, 'parameters');
  const parameterEls = childrenNamed(parametersEl, 'parameter');
  const raw = parameterEls.map((p, i) => readParameter(r, p, `${path}/parameters/parameter[${i + 1}]`));
  const byName = new Map<string, ParameterDescriptor>();
  for (const [i, p] of raw.entries()) {
    if (byName.has(p.name)) {
      throw r.error(
        parameterEls[i],
        `${path}/parameters/parameter[${i + 1}]`,
        `parameter '${p.name}' is declared twice`,
      );
    }
    byName.set(p.name, p);
  }
  const configurationEl = child(el, 'configuration');
  for (const entry of configurationEl?.children ?? []) {
    const p = byName.get(entry.name);
    const entryPath = `${path}/configuration/${entry.name}`;
    if (!p) {
      throw r.error(
        entry,
        entryPath,
        `configuration entry <${entry.name}> has no matching <parameter> in ${path}/parameters; declare the parameter or remove the entry`,
      );
    }
    const expression = entry.text.trim();
    const defaultValue = entry.attributes['default-value'];
    const implementation = entry.attributes['implementation'];
    byName.set(p.name, {
      ...p,
      ...(expression ? { expression } : {}),
      ...(defaultValue === undefined ? {} : { defaultValue }),
      ...(implementation === undefined || implementation === p.type ? {} : { implementation }),
    });
  }
  const resolution = r.text(el, 'requiresDependencyResolution');
  if (resolution !== undefined && !(RESOLUTION_SCOPES as readonly string[]).includes(resolution)) {
    throw r.error(
      child(el, 'requiresDependencyResolution')!,
      `${path}/requiresDependencyResolution`,
      `'${resolution}' is not a resolution scope; use one of ${RESOLUTION_SCOPES.join(', ')}`,
    );
  }
  const optional = (name: string): Record<string, string> => {
    const v = r.text(el, name);
    return v === undefined || v === '' ? {} : { [name]: v };
  };
  const optionalBool = (name: string): Record<string, boolean> => {
    const v = r.optionalBoolean(el, path, name);
    return v === undefined ? {} : { [name]: v };
  };
  const deprecated = r.text(el, 'deprecated');
  return {
    goal,
    description: r.text(el, 'description') ?? '',
    ...(resolution ? { requiresDependencyResolution: resolution } : {}),
    ...optional('requiresDependencyCollection'),
    ...optionalBool('requiresDirectInvocation'),
    requiresProject: r.optionalBoolean(el, path, 'requiresProject') ?? true,
    ...optionalBool('requiresReports'),
    aggregator: r.optionalBoolean(el, path, 'aggregator') ?? false,
    requiresOnline: r.optionalBoolean(el, path, 'requiresOnline') ?? false,
    ...optionalBool('inheritedByDefault'),
    ...optional('phase'),
    ...optional('executePhase'),
    ...optional('executeGoal'),
    ...optional('executeLifecycle'),
    implementation: r.required(el, path, 'implementation', 'my-package#MyGoal'),
    language: r.text(el, 'language') || 'java',
    ...optional('instantiationStrategy'),
    ...optional('executionStrategy'),
    ...optional('since'),
    ...(deprecated === undefined ? {} : { deprecated }),
    threadSafe: r.optionalBoolean(el, path, 'threadSafe') ?? false,
    parameters: [...byName.values()],
  };
}

function readParameter(r: ElementReader, el: XmlElement, position: string): ParameterDescriptor {
  const name = r.required(el, position, 'name', 'outputDirectory');
  const path = position.replace(/\[\d+\]$/, `[name='${name}']`);
  const alias = r.text(el, 'alias');
  const since = r.text(el, 'since');
  const deprecated = r.text(el, 'deprecated');
  return {
    name,
    ...(alias ? { alias } : {}),
    type: r.required(el, path, 'type', 'java.lang.String'),
    ...(since ? { since } : {}),
    required: r.optionalBoolean(el, path, 'required') ?? false,
    editable: r.optionalBoolean(el, path, 'editable') ?? true,
    description: r.text(el, 'description') ?? '',
    ...(deprecated === undefined ? {} : { deprecated }),
  };
}

/** Typed access to child elements, with errors that point at the element. */
class ElementReader {
  constructor(private readonly file: string) {}

  error(el: XmlElement, path: string, reason: string): PluginDescriptorError {
    return new PluginDescriptorError(this.file, el.line, el.column, path, reason);
  }

  /** Trimmed text of child `name`, undefined when absent. */
  text(el: XmlElement, name: string): string | undefined {
    const c = child(el, name);
    return c === undefined ? undefined : c.text.trim();
  }

  required(el: XmlElement, path: string, name: string, example: string): string {
    const value = this.text(el, name);
    if (value) return value;
    const what = value === undefined ? `missing <${name}>` : `<${name}> is empty`;
    throw this.error(child(el, name) ?? el, path, `${what}; add e.g. <${name}>${example}</${name}>`);
  }

  optionalBoolean(el: XmlElement, path: string, name: string): boolean | undefined {
    const value = this.text(el, name);
    if (value === undefined) return undefined;
    if (value === 'true') return true;
    if (value === 'false') return false;
    throw this.error(child(el, name)!, `${path}/${name}`, `'${value}' is not a boolean; use true or false`);
  }
}
