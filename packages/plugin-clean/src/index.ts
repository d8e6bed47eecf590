import * as path from 'node:path';
import type { GoalhostPlugin } from '@goalhost/api';
import { CleanGoal } from './clean-goal';

export { CleanGoal };
export { CleanError, DirectoryCleaner, type CleanerOptions } from './directory-cleaner';

/**
 * clean:clean, registered by the host as any third-party plugin is. Its plugin.xml is generated
 * from the decorators by tools/generate-descriptor.js (checked by test/descriptor/descriptor-sync.test.ts).
 */
export const plugin: GoalhostPlugin = {
  groupId: 'org.apache.maven.plugins',
  artifactId: 'maven-clean-plugin',
  version: '3.2.0',
  goalPrefix: 'clean',
  name: 'Apache Maven Clean Plugin',
  description: 'Deletes the files a build generated in the project directory.',
  descriptor: path.join(__dirname, '..', 'plugin.xml'),
  goals: [CleanGoal],
};
