import { replayRecordedScenarios } from './recorded-scenarios';

describe('dependency:copy (recorded from real Maven)', () => {
  replayRecordedScenarios('copy-artifact-');
  replayRecordedScenarios('copy-overwrite-');
  replayRecordedScenarios('copy-failures');
  replayRecordedScenarios('copy-nothing-');
  replayRecordedScenarios('copy-without-');
  replayRecordedScenarios('copy-skip');
  replayRecordedScenarios('copy-local-repository-directory');
  replayRecordedScenarios('copy-goals-unused-parameters');
});
