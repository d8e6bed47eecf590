import { Goal, Parameter, type GoalhostPlugin } from '@goalhost/api';

/** A small decorated plugin: the input of the descriptor tests and of the generator tool tests. */
@Goal({
  name: 'stage',
  description: 'Copies the staged files into the <b>output</b> directory.',
  defaultPhase: 'process-sources',
  requiresDependencyResolution: 'test',
  threadSafe: true,
  since: '1.0',
})
export class StageGoal {
  @Parameter({
    type: 'java.io.File',
    description: 'Where staged files go.',
    property: 'sample.outputDirectory',
    defaultValue: '${project.build.directory}/staged',
    since: '1.0',
  })
  outputDirectory?: string;

  @Parameter({ type: 'boolean', description: 'Skips the goal.', property: 'sample.skip', defaultValue: 'false' })
  skip = false;

  @Parameter({ type: 'java.util.List', description: 'Files to stage, one per <file> element.', required: true })
  files?: string[];

  @Parameter({
    type: 'java.lang.String',
    description: 'Read-only: the build directory.',
    defaultValue: '${project.build.directory}',
    readonly: true,
  })
  buildDirectory?: string;

  @Parameter({
    type: 'int',
    description: 'How many copies at once.',
    property: 'sample.threads',
    defaultValue: '2',
    alias: 'parallel',
  })
  threads = 2;

  execute(): void {}
}

@Goal({ name: 'Announce', description: '', requiresProject: false })
export class AnnounceGoal {
  execute(): void {}
}

export const plugin: GoalhostPlugin = {
  groupId: 'org.example',
  artifactId: 'sample-maven-plugin',
  version: '1.2.3',
  goalPrefix: 'sample',
  name: 'Sample Plugin',
  description: 'Stages & announces.',
  goals: [StageGoal, AnnounceGoal],
};
