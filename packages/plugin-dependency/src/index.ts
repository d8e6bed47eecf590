import * as path from 'node:path';
import type { GoalhostPlugin } from '@goalhost/api';
import { BundleGoal } from './bundle-goal';
import { CopyDependenciesGoal } from './copy-dependencies-goal';
import { BuildClasspathGoal } from './build-classpath-goal';
import { CopyGoal } from './copy-goal';
import { GetGoal } from './get-goal';
import { GoOfflineGoal } from './go-offline-goal';
import { ListGoal, ResolveGoal } from './list-goal';
import { ListRepositoriesGoal } from './list-repositories-goal';
import { LockGoal } from './lock-goal';
import { PropertiesGoal } from './properties-goal';
import { PurgeLocalRepositoryGoal } from './purge-local-repository-goal';
import { ResolvePluginsGoal } from './resolve-plugins-goal';
import { SourcesGoal } from './sources-goal';
import { TreeGoal } from './tree-goal';
import { UnpackDependenciesGoal } from './unpack-dependencies-goal';
import { UnpackGoal } from './unpack-goal';

export {
  BuildClasspathGoal,
  BundleGoal,
  CopyDependenciesGoal,
  CopyGoal,
  GetGoal,
  GoOfflineGoal,
  ListGoal,
  ListRepositoriesGoal,
  LockGoal,
  PropertiesGoal,
  PurgeLocalRepositoryGoal,
  ResolveGoal,
  ResolvePluginsGoal,
  SourcesGoal,
  TreeGoal,
  UnpackDependenciesGoal,
  UnpackGoal,
};
export { filterArtifacts } from './artifact-filters';
export { moduleInfo, ModuleNameError, type ModuleInfo } from './module-name';
export { renderTree, nodeString, type TreeOptions } from './tree-renderer';

/**
 * maven-dependency-plugin 3.5.0's goals with its parameters and output (all but the analyze
 * goals), and goalhost's dependency:lock and dependency:bundle; registered by the host like any
 * plugin (descriptor built from the decorators).
 */
export const plugin: GoalhostPlugin = {
  groupId: 'org.apache.maven.plugins',
  artifactId: 'maven-dependency-plugin',
  version: '3.5.0',
  goalPrefix: 'dependency',
  name: 'Apache Maven Dependency Plugin',
  description:
    'Provides utility goals to work with dependencies like copying, unpacking, analyzing, resolving and many more.',
  descriptor: path.join(__dirname, '..', 'plugin.xml'),
  goals: [
    BuildClasspathGoal,
    BundleGoal,
    CopyDependenciesGoal,
    CopyGoal,
    GetGoal,
    GoOfflineGoal,
    ListGoal,
    ListRepositoriesGoal,
    LockGoal,
    PropertiesGoal,
    PurgeLocalRepositoryGoal,
    ResolveGoal,
    ResolvePluginsGoal,
    SourcesGoal,
    TreeGoal,
    UnpackDependenciesGoal,
    UnpackGoal,
  ],
};
