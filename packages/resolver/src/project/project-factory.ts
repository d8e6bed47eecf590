import * as path from 'node:path';
import { toRepository, type Dependency, type Plugin, type PluginExecution, type Project } from '@goalhost/model';
import type { BuiltModel } from './model-building';
import type { PropertyProvenance } from './property-provenance';
import { MAVEN_PLUGINS, type WorkingDependency, type WorkingPlugin } from './working-model';

/** Turns an effective model into the `Project` the host and goals read. */
export function toProject(built: BuiltModel, file: string): Project {
  const m = built.model;
  const b = m.build;
  const basedir = m.projectDir ?? path.dirname(file);
  return {
    file,
    basedir,
    groupId: m.groupId ?? '',
    artifactId: m.artifactId ?? '',
    version: m.version ?? '',
    packaging: m.packaging ?? 'jar',
    ...(m.name !== undefined ? { name: m.name } : {}),
    ...(m.description !== undefined ? { description: m.description } : {}),
    ...(m.url !== undefined ? { url: m.url } : {}),
    ...(m.parent
      ? {
          parent: {
            groupId: m.parent.groupId ?? '',
            artifactId: m.parent.artifactId ?? '',
            version: m.parent.version ?? '',
            ...(m.parent.relativePath !== undefined ? { relativePath: m.parent.relativePath } : {}),
          },
        }
      : {}),
    properties: Object.fromEntries(m.properties),
    dependencies: m.dependencies.map(toDependency),
    dependencyManagement: m.dependencyManagement.map(toDependency),
    build: {
      directory: b.directory ?? path.join(basedir, 'target'),
      outputDirectory: b.outputDirectory ?? path.join(basedir, 'target', 'classes'),
      testOutputDirectory: b.testOutputDirectory ?? path.join(basedir, 'target', 'test-classes'),
      sourceDirectory: b.sourceDirectory ?? path.join(basedir, 'src', 'main', 'java'),
      finalName: b.finalName ?? `${m.artifactId}-${m.version}`,
      plugins: b.plugins.map(toPlugin),
      pluginManagement: b.pluginManagement.map(toPlugin),
    },
    ...(m.scm ? { scm: dropUndefined(m.scm) } : {}),
    repositories: m.repositories.map(toRepository),
    modules: m.modules,
    activeProfiles: built.activeProfiles,
    ...(built.profileSources ? { profileSources: built.profileSources } : {}),
    ...(built.effectiveModel ? { effectiveModel: built.effectiveModel } : {}),
    ...(built.provenance ? provenanceOf(built.provenance) : {}),
  };
}

function provenanceOf(provenance: PropertyProvenance): Pick<Project, 'propertyDeclaration' | 'diskProperty'> {
  return {
    propertyDeclaration: (name) => provenance.declaration(name),
    diskProperty: (name) => provenance.diskProperty(name),
  };
}

export function toDependency(d: WorkingDependency): Dependency {
  return {
    groupId: d.groupId ?? '',
    artifactId: d.artifactId ?? '',
    ...(d.version !== undefined ? { version: d.version } : {}),
    type: d.type ?? 'jar',
    ...(d.classifier ? { classifier: d.classifier } : {}),
    ...(d.scope !== undefined ? { scope: d.scope } : {}),
    ...(d.optional !== undefined ? { optional: d.optional.toLowerCase() === 'true' } : {}),
    ...(d.systemPath !== undefined ? { systemPath: d.systemPath } : {}),
    exclusions: d.exclusions.map((x) => ({ groupId: x.groupId ?? '', artifactId: x.artifactId ?? '' })),
  };
}

function toPlugin(p: WorkingPlugin): Plugin {
  return {
    groupId: p.groupId ?? MAVEN_PLUGINS,
    artifactId: p.artifactId ?? '',
    ...(p.version !== undefined ? { version: p.version } : {}),
    ...(p.configuration ? { configuration: p.configuration } : {}),
    executions: p.executions.map((x): PluginExecution => ({
      id: x.id ?? 'default',
      ...(x.phase !== undefined ? { phase: x.phase } : {}),
      goals: x.goals,
      ...(x.configuration ? { configuration: x.configuration } : {}),
    })),
  };
}

function dropUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
