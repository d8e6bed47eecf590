import { replayRecordedScenarios } from './recorded-scenarios';

describe('dependency:sources (recorded from real Maven)', () => {
  replayRecordedScenarios('sources');
});
