import { ownValue, type RawProfile, type RawRepository } from '@goalhost/model';
import { mergeDom } from './dom-merge';
import {
  copyDependency,
  BUILD_TEXT_FIELDS,
  copyPlugin,
  managementKey,
  mergeByKey,
  pluginKey,
  type WorkingExecution,
  type WorkingModel,
  type DeclarationOrigin,
  type WorkingPlugin,
} from './working-model';

const repoKey = (r: RawRepository): string => r.id ?? 'default';
const executionKey = (x: WorkingExecution): string => x.id ?? 'default';

/** Applies an active profile to a model; the profile's values win (Maven's profile injection). */
export function injectProfile(model: WorkingModel, profile: RawProfile, origin: DeclarationOrigin): void {
  for (const [k, v] of profile.base.properties) model.properties.set(k, v);
  const deps = profile.base.dependencies.map((d) => copyDependency(d, origin));
  model.dependencies = mergeByKey(model.dependencies, deps, managementKey, true);
  const managed = profile.base.dependencyManagement.map((d) => copyDependency(d, origin));
  // Maven merges (and so de-duplicates) a list only when the other side has entries: duplicate
  // managed entries stay as written otherwise, and the first of them wins.
  if (managed.length > 0)
    model.dependencyManagement = mergeByKey(model.dependencyManagement, managed, managementKey, true);
  model.repositories = mergeByKey(profile.base.repositories, model.repositories, repoKey, false);
  model.pluginRepositories = mergeByKey(profile.base.pluginRepositories, model.pluginRepositories, repoKey, false);
  for (const m of profile.base.modules) if (!model.modules.includes(m)) model.modules.push(m);
  const b = profile.build;
  if (b) {
    const build = model.build;
    for (const f of BUILD_TEXT_FIELDS) {
      if (b[f] !== undefined) build[f] = b[f];
    }
    build.plugins = mergePlugins(
      build.plugins,
      b.plugins.map((p) => copyPlugin(p, origin)),
      true,
    );
    build.pluginManagement = mergePlugins(
      build.pluginManagement,
      b.pluginManagement.map((p) => copyPlugin(p, origin)),
      true,
    );
  }
}

/**
 * Merges plugin lists keyed by groupId:artifactId (profile injection: the source is the profile).
 * Source plugins missing from the target are placed before the next shared plugin.
 */
export function mergePlugins(tgt: WorkingPlugin[], src: WorkingPlugin[], sourceDominant: boolean): WorkingPlugin[] {
  if (src.length === 0) return tgt;
  const master = new Map<string, WorkingPlugin>();
  for (const t of tgt) master.set(pluginKey(t), t);
  return ordered(master, src, (key, s) => {
    const existing = master.get(key);
    if (!existing) return false;
    master.set(key, mergePlugin(existing, s, sourceDominant, false));
    return true;
  });
}

/**
 * The plugins a child inherits (Maven's inheritance merger): the parent's inherited plugins (or
 * those with executions) in the parent's order, each child plugin merged into its parent
 * counterpart, child-only plugins placed before the next shared one or at the end.
 */
export function inheritPlugins(child: WorkingPlugin[], parent: WorkingPlugin[]): WorkingPlugin[] {
  if (parent.length === 0) return child;
  const master = new Map<string, WorkingPlugin>();
  for (const p of parent) {
    if (p.inherited === 'false' && p.executions.length === 0) continue;
    const blank: WorkingPlugin = {
      executions: [],
      dependencies: [],
      ...(p.origin ? { origin: p.origin, line: p.line, column: p.column } : {}),
    };
    master.set(pluginKey(p), mergePlugin(blank, p, false, true));
  }
  const own = new Map(parent.map((p) => [pluginKey(p), p] as const));
  return ordered(master, child, (key, c) => {
    if (!master.has(key)) return false;
    master.set(key, mergePlugin(c, own.get(key)!, false, true));
    return true;
  });
}

/** `master`'s plugins in order, each `others` plugin that `merge` did not merge in placed before the next merged one. */
function ordered(
  master: Map<string, WorkingPlugin>,
  others: readonly WorkingPlugin[],
  merge: (key: string, p: WorkingPlugin) => boolean,
): WorkingPlugin[] {
  const predecessors = new Map<string, WorkingPlugin[]>();
  let pending: WorkingPlugin[] = [];
  for (const p of others) {
    const key = pluginKey(p);
    if (merge(key, p)) {
      if (pending.length > 0) {
        predecessors.set(key, pending);
        pending = [];
      }
    } else pending.push(p);
  }
  const result: WorkingPlugin[] = [];
  for (const [key, p] of master) result.push(...(predecessors.get(key) ?? []), p);
  return [...result, ...pending];
}

/** Merges source into target plugin (target = child / managed-into plugin). */
export function mergePlugin(
  target: WorkingPlugin,
  source: WorkingPlugin,
  sourceDominant: boolean,
  inheritance: boolean,
): WorkingPlugin {
  const sourceInherited = source.inherited !== 'false';
  const pick = <K extends 'groupId' | 'artifactId' | 'version' | 'extensions' | 'inherited'>(k: K): WorkingPlugin[K] =>
    sourceDominant ? (source[k] ?? target[k]) : (target[k] ?? source[k]);
  const merged: WorkingPlugin = {
    ...target,
    groupId: pick('groupId'),
    artifactId: pick('artifactId'),
    version: pick('version'),
    extensions: pick('extensions'),
    executions: [],
    dependencies: mergeByKey(target.dependencies, source.dependencies, managementKey, sourceDominant),
  };
  if (!inheritance || sourceInherited) {
    merged.inherited = pick('inherited');
    merged.configuration = sourceDominant
      ? mergeDom(source.configuration, target.configuration)
      : mergeDom(target.configuration, source.configuration);
  }
  for (const k of ['groupId', 'artifactId', 'version', 'extensions', 'inherited', 'configuration'] as const) {
    if (merged[k] === undefined) delete merged[k];
  }
  // Source executions first, then the target's; a shared id merges in place.
  const executions = new Map<string, WorkingExecution>();
  for (const x of source.executions) {
    const inherits = x.inherited !== undefined ? x.inherited !== 'false' : sourceInherited;
    if (sourceDominant || !inheritance || inherits) executions.set(executionKey(x), { ...x, goals: [...x.goals] });
  }
  for (const x of target.executions) {
    const existing = executions.get(executionKey(x));
    executions.set(executionKey(x), existing ? mergeExecution(x, existing, sourceDominant) : x);
  }
  merged.executions = [...executions.values()];
  return merged;
}

function mergeExecution(target: WorkingExecution, source: WorkingExecution, sourceDominant: boolean): WorkingExecution {
  const goals = [...target.goals, ...source.goals.filter((g) => !target.goals.includes(g))];
  const result: WorkingExecution = {
    ...target,
    goals,
    phase: sourceDominant ? (source.phase ?? target.phase) : (target.phase ?? source.phase),
    configuration: sourceDominant
      ? mergeDom(source.configuration, target.configuration)
      : mergeDom(target.configuration, source.configuration),
  };
  if (result.phase === undefined) delete result.phase;
  if (result.configuration === undefined) delete result.configuration;
  return result;
}

/** Injects the build's pluginManagement into its plugins (managed values fill in what is missing). */
export function injectPluginManagement(model: WorkingModel): void {
  const managed = new Map(model.build.pluginManagement.map((p) => [pluginKey(p), p] as const));
  if (managed.size === 0) return;
  model.build.plugins = model.build.plugins.map((p) => {
    const m = managed.get(pluginKey(p));
    return m ? mergePlugin(p, m, false, false) : p;
  });
}

/** Child inherits from parent (both already have their profiles applied). */
export function inherit(child: WorkingModel, parent: WorkingModel, childDirectoryName: string): void {
  child.modelVersion ??= parent.modelVersion;
  if (child.groupId === undefined && parent.groupId !== undefined) {
    child.groupId = parent.groupId;
    child.idsAt.groupId = parent.idsAt.groupId;
  }
  child.version ??= parent.version;
  child.description ??= parent.description;
  const appendPath = (attr: string, attrs: Readonly<Record<string, string>>): boolean =>
    ownValue(attrs, attr) !== 'false';
  if (child.url === undefined && parent.url !== undefined) {
    child.url = appendPath('child.project.url.inherit.append.path', parent.attributes)
      ? childUrl(parent.url, childDirectoryName)
      : parent.url;
  }
  for (const [k, v] of parent.properties) if (!child.properties.has(k)) child.properties.set(k, v);
  // The child's properties keep their own order, parent-only ones follow.
  child.dependencies = mergeByKey(child.dependencies, parent.dependencies, managementKey, false);
  if (parent.dependencyManagement.length > 0) {
    child.dependencyManagement = mergeByKey(
      child.dependencyManagement,
      parent.dependencyManagement,
      managementKey,
      false,
    );
  }
  child.repositories = mergeByKey(child.repositories, parent.repositories, repoKey, false);
  child.pluginRepositories = mergeByKey(child.pluginRepositories, parent.pluginRepositories, repoKey, false);
  const cb = child.build;
  const pb = parent.build;
  for (const f of BUILD_TEXT_FIELDS) {
    if (cb[f] === undefined && pb[f] !== undefined) cb[f] = pb[f];
  }
  cb.plugins = inheritPlugins(cb.plugins, pb.plugins);
  cb.pluginManagement = inheritPlugins(cb.pluginManagement, pb.pluginManagement);
  // Maven merges the list only when the parent has entries; the child's come first.
  if (pb.extensions.length > 0)
    cb.extensions = mergeByKey(cb.extensions, pb.extensions, (x) => `${x.groupId}:${x.artifactId}`, false);
  if (parent.scm) {
    const scm = (child.scm ??= {});
    const append = appendPath('child.scm.url.inherit.append.path', parent.scmAttributes);
    const appendConn = appendPath('child.scm.connection.inherit.append.path', parent.scmAttributes);
    const appendDev = appendPath('child.scm.developerConnection.inherit.append.path', parent.scmAttributes);
    if (scm.connection === undefined && parent.scm.connection !== undefined) {
      scm.connection = appendConn ? childUrl(parent.scm.connection, childDirectoryName) : parent.scm.connection;
    }
    if (scm.developerConnection === undefined && parent.scm.developerConnection !== undefined) {
      scm.developerConnection = appendDev
        ? childUrl(parent.scm.developerConnection, childDirectoryName)
        : parent.scm.developerConnection;
    }
    if (scm.url === undefined && parent.scm.url !== undefined) {
      scm.url = append ? childUrl(parent.scm.url, childDirectoryName) : parent.scm.url;
    }
    scm.tag ??= parent.scm.tag;
  }
}

/** Maven appends the child's directory name to inherited URLs (`.../parent` + `/child`). */
function childUrl(parentUrl: string, childName: string): string {
  if (parentUrl.trim() === '') return parentUrl;
  return parentUrl.endsWith('/') ? parentUrl + childName : `${parentUrl}/${childName}`;
}
