import { Goal } from '@goalhost/api';
import { ResolveGoal } from './list-goal';

/** dependency:sources — maven-dependency-plugin 3.5.0's ResolveDependencySourcesMojo: resolve with the `sources` classifier unless another is given. */
@Goal({
  name: 'sources',
  description: 'Goal that resolves the project source dependencies from the repository.',
  requiresDependencyResolution: 'test',
  defaultPhase: 'generate-sources',
  threadSafe: true,
  since: '2.0-alpha2',
})
export class SourcesGoal extends ResolveGoal {
  protected override async doExecute(): Promise<void> {
    if (!this.classifier) this.classifier = 'sources';
    await super.doExecute();
  }
}
