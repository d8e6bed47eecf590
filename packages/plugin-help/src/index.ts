import * as path from 'node:path';
import type { GoalhostPlugin } from '@goalhost/api';
import { ActiveProfilesGoal } from './active-profiles-goal';
import { DescribeGoal } from './describe-goal';
import { EffectivePomGoal } from './effective-pom-goal';
import { EvaluateGoal } from './evaluate-goal';

export { ActiveProfilesGoal, DescribeGoal, EffectivePomGoal, EvaluateGoal };

/**
 * maven-help-plugin's goals, registered by the host as any third-party plugin is. Its plugin.xml
 * is generated from the decorators by tools/generate-descriptor.js (checked by
 * test/descriptor/descriptor-sync.test.ts).
 */
export const plugin: GoalhostPlugin = {
  groupId: 'org.apache.maven.plugins',
  artifactId: 'maven-help-plugin',
  version: '3.4.0',
  goalPrefix: 'help',
  name: 'Apache Maven Help Plugin',
  description:
    "Helps make sense of the build: describes plugins, their goals and their parameters from the plugins' descriptors; " +
    'prints the effective POM, the active profiles and the value of expressions.',
  descriptor: path.join(__dirname, '..', 'plugin.xml'),
  goals: [DescribeGoal, EffectivePomGoal, ActiveProfilesGoal, EvaluateGoal],
};
