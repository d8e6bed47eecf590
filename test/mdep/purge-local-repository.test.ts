import { replayRecordedScenarios } from './recorded-scenarios';

describe('dependency:purge-local-repository (recorded from real Maven, remote served over loopback HTTP)', () => {
  replayRecordedScenarios('purge-');
});
