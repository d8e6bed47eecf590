import { replayRecordedScenarios } from './recorded-scenarios';

describe('dependency:unpack-dependencies (recorded from real Maven)', () => {
  replayRecordedScenarios('unpack-dependencies-');
});
