import { replayRecordedScenarios } from './recorded-scenarios';

describe('dependency:list-repositories (recorded from real Maven)', () => {
  replayRecordedScenarios('list-repositories');
});
