import { replayRecordedScenarios } from './recorded-scenarios';

describe('dependency:build-classpath and dependency:properties (recorded from real Maven)', () => {
  replayRecordedScenarios('build-classpath-');
});
