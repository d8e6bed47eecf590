import * as path from 'node:path';
import type { GoalhostPlugin } from '@goalhost/api';
import { UnpackDependenciesGoal } from './unpack/unpack-dependencies-goal';
import { ScmDependenciesGoal } from './scm/scm-dependencies-goal';

export { UnpackDependenciesGoal } from './unpack/unpack-dependencies-goal';
export { ScmDependenciesGoal } from './scm/scm-dependencies-goal';

/**
 * The cxx plugin: its goals, described by the package's plugin.xml (the build's copy of the
 * repository's plugin-descriptor.xml, tools/copy-cxx-descriptor.js).
 */
export const plugin: GoalhostPlugin = {
  groupId: 'org.codehaus.mojo',
  artifactId: 'cxx-maven-plugin',
  version: '0.0.6-SNAPSHOT',
  goalPrefix: 'cxx',
  goals: [UnpackDependenciesGoal, ScmDependenciesGoal],
  descriptor: path.join(__dirname, '..', 'plugin.xml'),
};
