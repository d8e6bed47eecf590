import { replayRecordedScenarios } from './recorded-scenarios';

describe('dependency:copy-dependencies (recorded from real Maven)', () => {
  replayRecordedScenarios('copy-dependencies-');
});
