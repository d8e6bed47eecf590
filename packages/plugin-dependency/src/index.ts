import * as path from 'node:path';
import type { GoalhostPlugin } from '@goalhost/api';
import * as goals from './goals';

export * from './goals';
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
  goals: Object.values(goals),
};
