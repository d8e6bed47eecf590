import { Goal, inject, Parameter, TOKENS, type GoalContext } from '@goalhost/api';
import { setProjectProperty } from './project-properties';

/**
 * dependency:properties — maven-dependency-plugin 3.5.0's PropertiesMojo: a project property
 * `groupId:artifactId:type[:classifier]` with the absolute path of each dependency's file.
 */
@Goal({
  name: 'properties',
  description:
    'Goal that sets a property pointing to the artifact file for each project dependency. For each dependency (direct and transitive) a project property will be set which follows the <code>groupId:artifactId:type:[classifier]</code> form and contains the path to the resolved artifact.',
  requiresDependencyResolution: 'test',
  defaultPhase: 'initialize',
  threadSafe: true,
  since: '2.2',
})
export class PropertiesGoal {
  @Parameter({
    type: 'boolean',
    property: 'mdep.skip',
    defaultValue: 'false',
    since: '2.7',
    description: 'Skip plugin execution completely.',
  })
  skip = false;

  constructor(@inject(TOKENS.GoalContext) private readonly context: GoalContext) {}

  async execute(): Promise<void> {
    if (this.skip) {
      this.context.log.info('Skipping plugin execution');
      return;
    }
    for (const a of this.context.artifacts) {
      const key = [a.groupId, a.artifactId, a.type, ...(a.classifier ? [a.classifier] : [])].join(':');
      setProjectProperty(this.context.project, key, a.file);
    }
  }
}
