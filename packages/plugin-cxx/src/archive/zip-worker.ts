import { parentPort } from 'node:worker_threads';
import { runBatch, type TaskBatch } from './write-tasks';

/** Worker thread body: runs write batches as the main thread hands them out. */
interface Request {
  readonly id: number;
  readonly batch: TaskBatch;
}

parentPort?.on('message', (request: Request) => {
  runBatch(request.batch).then(
    (failure) => parentPort?.postMessage({ id: request.id, failure }),
    (e: Error) =>
      parentPort?.postMessage({
        id: request.id,
        failure: { job: request.batch.nums[0] ?? 0, archive: request.batch.archive, entryName: '', message: e.message },
      }),
  );
});
