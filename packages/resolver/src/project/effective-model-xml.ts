import * as path from 'node:path';
import {
  dictionary,
  type RawActivation,
  type RawDependency,
  type RawModelBase,
  type RawPlugin,
  type RawProfile,
  type RawRepository,
  type XmlElement,
  type XmlNode,
} from '@goalhost/model';
import { mergeDom } from './dom-merge';
import { interpolate, type Lookup } from './interpolation';
import { lifecyclePlugins, siteConfiguration, SUPER_POM_MANAGED_PLUGINS } from './lifecycle-plugins';
import {
  MAVEN_PLUGINS,
  type WorkingBuild,
  type WorkingDependency,
  type WorkingExecution,
  type WorkingModel,
  type WorkingPlugin,
} from './working-model';

const PROJECT_ATTRIBUTES: ReadonlyArray<readonly [string, string]> = [
  ['xmlns', 'http://maven.apache.org/POM/4.0.0'],
  ['xmlns:xsi', 'http://www.w3.org/2001/XMLSchema-instance'],
  ['xsi:schemaLocation', 'http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd'],
];

/**
 * The effective model of a project as Maven's MavenXpp3Writer writes it: its elements in the
 * writer's order, values equal to the model's defaults left out, properties sorted (as
 * help:effective-pom sorts them), plus what Maven adds that goalhost does not use itself (see
 * lifecycle-plugins.ts). `profiles` are the project's own, interpolated with `lookup`.
 */
export function effectiveModelXml(model: WorkingModel, profiles: readonly RawProfile[], lookup: Lookup): XmlNode {
  const s = (v: string | undefined): string | undefined =>
    v === undefined || v.indexOf('${') < 0 ? v : interpolate(v, lookup);
  const basedir = model.projectDir ?? path.dirname(model.pomFile ?? '.');
  const b = model.build;
  const directory = b.directory ?? path.join(basedir, 'target');
  const reporting = `${directory}/site`;
  const parent = model.parent;
  return el(
    'project',
    [
      leaf('modelVersion', model.modelVersion),
      parent
        ? el('parent', [
            leaf('groupId', parent.groupId),
            leaf('artifactId', parent.artifactId),
            leaf('version', parent.version),
            parent.relativePath !== undefined && parent.relativePath !== '../pom.xml'
              ? { name: 'relativePath', text: parent.relativePath }
              : undefined,
          ])
        : undefined,
      leaf('groupId', model.groupId),
      leaf('artifactId', model.artifactId),
      leaf('version', model.version),
      model.packaging !== undefined && model.packaging !== 'jar' ? leaf('packaging', model.packaging) : undefined,
      leaf('name', model.name),
      leaf('description', model.description),
      leaf('url', model.url),
      list('modules', 'module', model.modules),
      model.scm
        ? el('scm', [
            leaf('connection', model.scm.connection),
            leaf('developerConnection', model.scm.developerConnection),
            model.scm.tag !== undefined && model.scm.tag !== 'HEAD' ? leaf('tag', model.scm.tag) : undefined,
            leaf('url', model.scm.url),
          ])
        : undefined,
      properties([...model.properties].sort(([a], [b2]) => (a < b2 ? -1 : a > b2 ? 1 : 0))),
      model.dependencyManagement.length > 0
        ? el('dependencyManagement', [el('dependencies', model.dependencyManagement.map(dependency))])
        : undefined,
      model.dependencies.length > 0 ? el('dependencies', model.dependencies.map(dependency)) : undefined,
      repositories('repositories', 'repository', model.repositories),
      repositories('pluginRepositories', 'pluginRepository', model.pluginRepositories),
      build(b, basedir, directory, reporting, model.packaging ?? 'jar', lookup),
      el('reporting', [leaf('outputDirectory', reporting)]),
      profiles.length > 0
        ? el(
            'profiles',
            profiles.map((p) => profile(p, s, lookup)),
          )
        : undefined,
    ],
    PROJECT_ATTRIBUTES,
  );
}

function el(
  name: string,
  children: ReadonlyArray<XmlNode | undefined>,
  attributes?: ReadonlyArray<readonly [string, string]>,
): XmlNode {
  return {
    name,
    children: children.filter((c): c is XmlNode => c !== undefined),
    ...(attributes ? { attributes } : {}),
  };
}

/** An element with text content; absent values are not written. */
function leaf(name: string, text: string | undefined): XmlNode | undefined {
  return text === undefined ? undefined : { name, text };
}

/** `<names><name>..</name>..</names>`, nothing for an empty list. */
function list(name: string, item: string, values: readonly string[]): XmlNode | undefined {
  return values.length > 0
    ? el(
        name,
        values.map((v) => ({ name: item, text: v })),
      )
    : undefined;
}

function properties(entries: ReadonlyArray<readonly [string, string]>): XmlNode | undefined {
  return entries.length > 0
    ? el(
        'properties',
        entries.map(([k, v]) => ({ name: k, text: v })),
      )
    : undefined;
}

function dependency(d: WorkingDependency | RawDependency): XmlNode {
  return el('dependency', [
    leaf('groupId', d.groupId),
    leaf('artifactId', d.artifactId),
    leaf('version', d.version),
    d.type !== undefined && d.type !== 'jar' ? leaf('type', d.type) : undefined,
    leaf('classifier', d.classifier),
    leaf('scope', d.scope),
    leaf('systemPath', d.systemPath),
    d.exclusions.length > 0
      ? el(
          'exclusions',
          d.exclusions.map((x) => el('exclusion', [leaf('groupId', x.groupId), leaf('artifactId', x.artifactId)])),
        )
      : undefined,
    d.optional !== undefined && d.optional !== 'false' ? leaf('optional', d.optional) : undefined,
  ]);
}

function repositories(name: string, item: string, repos: readonly RawRepository[]): XmlNode | undefined {
  if (repos.length === 0) return undefined;
  const policy = (n: string, p: RawRepository['releases']): XmlNode | undefined =>
    p
      ? el(n, [
          leaf('enabled', p.enabled),
          leaf('updatePolicy', p.updatePolicy),
          leaf('checksumPolicy', p.checksumPolicy),
        ])
      : undefined;
  return el(
    name,
    repos.map((r) =>
      el(item, [
        policy('releases', r.releases),
        policy('snapshots', r.snapshots),
        leaf('id', r.id),
        leaf('name', r.name),
        leaf('url', r.url),
        r.layout !== undefined && r.layout !== 'default' ? leaf('layout', r.layout) : undefined,
      ]),
    ),
  );
}

function build(
  b: WorkingBuild,
  basedir: string,
  directory: string,
  reporting: string,
  packaging: string,
  lookup: Lookup,
): XmlNode {
  const managed = managedPlugins(b.pluginManagement);
  return el('build', [
    leaf('sourceDirectory', b.sourceDirectory ?? path.join(basedir, 'src/main/java')),
    leaf('scriptSourceDirectory', b.scriptSourceDirectory ?? path.join(basedir, 'src/main/scripts')),
    leaf('testSourceDirectory', b.testSourceDirectory ?? path.join(basedir, 'src/test/java')),
    leaf('outputDirectory', b.outputDirectory ?? path.join(directory, 'classes')),
    leaf('testOutputDirectory', b.testOutputDirectory ?? path.join(directory, 'test-classes')),
    b.extensions.length > 0
      ? el(
          'extensions',
          b.extensions.map((x) =>
            el('extension', [leaf('groupId', x.groupId), leaf('artifactId', x.artifactId), leaf('version', x.version)]),
          ),
        )
      : undefined,
    leaf('defaultGoal', b.defaultGoal),
    el('resources', [el('resource', [leaf('directory', path.join(basedir, 'src/main/resources'))])]),
    el('testResources', [el('testResource', [leaf('directory', path.join(basedir, 'src/test/resources'))])]),
    leaf('directory', directory),
    leaf('finalName', b.finalName),
    el('pluginManagement', [
      el(
        'plugins',
        managed.map((p) => plugin(p, lookup)),
      ),
    ]),
    el(
      'plugins',
      withLifecyclePlugins(b.plugins, managed, packaging, reporting).map((p) => plugin(p, lookup)),
    ),
  ]);
}

/** The super POM's managed plugins first, the model's own replacing them in place or following. */
function managedPlugins(own: readonly WorkingPlugin[]): WorkingPlugin[] {
  const byKey = new Map<string, WorkingPlugin>();
  for (const [artifactId, version] of SUPER_POM_MANAGED_PLUGINS) {
    byKey.set(`${MAVEN_PLUGINS}:${artifactId}`, {
      groupId: MAVEN_PLUGINS,
      artifactId,
      version,
      executions: [],
      dependencies: [],
    });
  }
  for (const p of own) byKey.set(key(p), p);
  return [...byKey.values()];
}

/** The model's plugins, then the packaging's lifecycle plugins it does not declare (declared ones get their executions). */
function withLifecyclePlugins(
  own: readonly WorkingPlugin[],
  managed: readonly WorkingPlugin[],
  packaging: string,
  reporting: string,
): WorkingPlugin[] {
  // Plugins without a version get the super POM's managed one, as all managed versions are injected.
  const result = own.map((p): WorkingPlugin => ({
    ...p,
    version: p.version ?? managed.find((m) => key(m) === key(p))?.version,
    executions: [...p.executions],
    dependencies: p.dependencies.map((d) => ({ ...d, scope: d.scope ?? 'compile' })),
  }));
  for (const d of lifecyclePlugins(packaging)) {
    const k = `${MAVEN_PLUGINS}:${d.artifactId}`;
    const config = d.site ? toElement(siteConfiguration(reporting)) : undefined;
    const executions: WorkingExecution[] = d.executions.map((x) => ({
      id: x.id,
      phase: x.phase,
      goals: [x.goal],
      ...(config ? { configuration: config } : {}),
    }));
    const declared = result.find((p) => key(p) === k);
    if (declared) {
      declared.version ??= d.version;
      for (const x of executions)
        if (!declared.executions.some((e) => (e.id ?? 'default') === x.id)) declared.executions.push(x);
      continue;
    }
    const m = managed.find((p) => key(p) === k);
    result.push({
      groupId: MAVEN_PLUGINS,
      artifactId: d.artifactId,
      version: m?.version ?? d.version,
      executions,
      dependencies: m?.dependencies ?? [],
      ...(m?.configuration || config ? { configuration: mergeDom(m?.configuration, config) } : {}),
    });
  }
  return result;
}

function key(p: { groupId?: string; artifactId?: string }): string {
  return `${p.groupId ?? MAVEN_PLUGINS}:${p.artifactId}`;
}

function plugin(p: WorkingPlugin | RawPlugin, lookup: Lookup): XmlNode {
  return el('plugin', [
    p.groupId !== undefined && p.groupId !== MAVEN_PLUGINS ? leaf('groupId', p.groupId) : undefined,
    leaf('artifactId', p.artifactId),
    leaf('version', p.version),
    leaf('extensions', p.extensions),
    p.executions.length > 0
      ? el(
          'executions',
          p.executions.map((x) => execution(x, mergeDom(x.configuration, p.configuration), lookup)),
        )
      : undefined,
    p.dependencies.length > 0 ? el('dependencies', p.dependencies.map(dependency)) : undefined,
    leaf('inherited', p.inherited),
    p.configuration ? configuration(p.configuration, lookup) : undefined,
  ]);
}

function execution(
  x: Readonly<Omit<WorkingExecution, 'goals'>> & { readonly goals: readonly string[] },
  config: XmlElement | undefined,
  lookup: Lookup,
): XmlNode {
  return el('execution', [
    x.id !== undefined && x.id !== 'default' ? leaf('id', x.id) : undefined,
    leaf('phase', x.phase),
    list('goals', 'goal', x.goals),
    leaf('inherited', x.inherited),
    config ? configuration(config, lookup) : undefined,
  ]);
}

/** A `<configuration>` tree with its text interpolated (Maven interpolates the whole model). */
function configuration(e: XmlElement, lookup: Lookup): XmlNode {
  const attributes = Object.entries(e.attributes);
  const base = { name: e.name, ...(attributes.length > 0 ? { attributes } : {}) };
  if (e.children.length > 0) return { ...base, children: e.children.map((c) => configuration(c, lookup)) };
  const text = e.text.trim();
  return { ...base, text: text.indexOf('${') < 0 ? text : interpolate(text, lookup) };
}

/** The inverse of `configuration`, for XML this module makes itself and merges like a POM's. */
function toElement(n: XmlNode): XmlElement {
  return {
    name: n.name,
    attributes: dictionary(n.attributes ?? []),
    children: (n.children ?? []).map(toElement),
    text: n.text ?? '',
    line: 0,
    column: 0,
  };
}

function profile(p: RawProfile, s: (v: string | undefined) => string | undefined, lookup: Lookup): XmlNode {
  const b = p.build;
  const base: RawModelBase = p.base;
  const dep = (d: RawDependency): XmlNode =>
    dependency({
      ...d,
      groupId: s(d.groupId),
      artifactId: s(d.artifactId),
      version: s(d.version),
      type: s(d.type),
      classifier: s(d.classifier),
      scope: s(d.scope),
    });
  return el('profile', [
    p.id !== 'default' ? leaf('id', p.id) : undefined,
    p.activation ? activation(p.activation, s) : undefined,
    b
      ? el('build', [
          leaf('defaultGoal', s(b.defaultGoal)),
          leaf('directory', s(b.directory)),
          leaf('finalName', s(b.finalName)),
          b.pluginManagement.length > 0
            ? el('pluginManagement', [
                el(
                  'plugins',
                  b.pluginManagement.map((x) => plugin(x, lookup)),
                ),
              ])
            : undefined,
          b.plugins.length > 0
            ? el(
                'plugins',
                b.plugins.map((x) => plugin(x, lookup)),
              )
            : undefined,
        ])
      : undefined,
    list(
      'modules',
      'module',
      base.modules.map((m) => s(m) ?? m),
    ),
    properties(base.properties.map(([k, v]) => [k, s(v) ?? v] as const)),
    base.dependencyManagement.length > 0
      ? el('dependencyManagement', [el('dependencies', base.dependencyManagement.map(dep))])
      : undefined,
    base.dependencies.length > 0 ? el('dependencies', base.dependencies.map(dep)) : undefined,
    repositories('repositories', 'repository', base.repositories),
    repositories('pluginRepositories', 'pluginRepository', base.pluginRepositories),
  ]);
}

function activation(a: RawActivation, s: (v: string | undefined) => string | undefined): XmlNode {
  return el('activation', [
    a.activeByDefault !== undefined && a.activeByDefault !== 'false'
      ? leaf('activeByDefault', a.activeByDefault)
      : undefined,
    leaf('jdk', s(a.jdk)),
    a.os
      ? el('os', [
          leaf('name', s(a.os.name)),
          leaf('family', s(a.os.family)),
          leaf('arch', s(a.os.arch)),
          leaf('version', s(a.os.version)),
        ])
      : undefined,
    a.property ? el('property', [leaf('name', s(a.property.name)), leaf('value', s(a.property.value))]) : undefined,
    a.file ? el('file', [leaf('missing', s(a.file.missing)), leaf('exists', s(a.file.exists))]) : undefined,
  ]);
}
