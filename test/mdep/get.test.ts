import { replayRecordedScenarios } from './recorded-scenarios';

describe('dependency:get (recorded from real Maven, remote served over loopback HTTP)', () => {
  replayRecordedScenarios('get-');
});
