import { replayRecordedScenarios } from './recorded-scenarios';

describe('dependency:unpack (recorded from real Maven)', () => {
  replayRecordedScenarios('unpack-artifact-');
  replayRecordedScenarios('unpack-overwrite-');
  replayRecordedScenarios('unpack-failures');
  replayRecordedScenarios('unpack-skip');
  replayRecordedScenarios('unpack-without-');
  replayRecordedScenarios('unpack-local-repository-directory');
  replayRecordedScenarios('unpack-permissions');
});
