import { replayRecordedScenarios } from './recorded-scenarios';

describe('dependency:resolve-plugins and dependency:go-offline (recorded from real Maven)', () => {
  replayRecordedScenarios('resolve-plugins');
  replayRecordedScenarios('go-offline');
});
