import type { GoalhostPlugin } from '@goalhost/api';
import { GreetGoal } from './greet-goal';

export { GreetGoal } from './greet-goal';

/**
 * What goalhost loads (the `plugin` export): the Maven coordinates the POM names the plugin
 * by, its goal prefix and its goal classes. The descriptor is built from the decorators.
 */
export const plugin: GoalhostPlugin = {
  groupId: 'org.example',
  artifactId: 'greet-maven-plugin',
  version: '1.0.0',
  goalPrefix: 'greet',
  name: 'Greet Plugin',
  description: 'Greets the project: a goalhost plugin template.',
  goals: [GreetGoal],
};
