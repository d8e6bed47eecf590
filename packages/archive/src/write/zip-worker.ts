import { parentPort } from 'node:worker_threads';
import { fileFacts } from './file-facts';
import { inflateWhole, type WorkerReply, type WorkerRequest } from './zip-worker-protocol';
import { runBatch } from './write-tasks';

/** Worker thread body: runs write batches, inflates whole gzip files and tells files' facts, as the main thread asks. */
parentPort?.on('message', (request: WorkerRequest & { id: number }) => {
  const reply = (message: WorkerReply): void => parentPort?.postMessage({ id: request.id, ...message });
  if (request.inflate) {
    reply({ inflated: inflateWhole(request.inflate.file, request.inflate.into) });
    return;
  }
  if (request.facts) {
    reply({ facts: fileFacts(request.facts.paths, request.facts.digests) });
    return;
  }
  const batch = request.batch!;
  runBatch(batch).then(
    (outcome) => reply(outcome),
    (e: Error) =>
      reply({ failure: { job: batch.nums[0] ?? 0, archive: batch.archive, entryName: '', message: e.message } }),
  );
});
