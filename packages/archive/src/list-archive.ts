import type { ReadableFormat } from './archiver-registry';
import { decodeUtf8, type NameDecoder } from './name-decoder';
import { openTarInput } from './tar/tar-input';
import { TarReader } from './tar/tar-reader';
import { forEachZipEntry, type EntryVisitor } from './zip/zip-listing';

/**
 * Calls `visit` for each entry of an archive, in archive order, one at a time (an asynchronous
 * visitor is awaited before the next entry is read); a visitor returning false stops the reading.
 * Zip entry names not flagged UTF-8 are read with `decodeName`. Nothing is extracted.
 */
export async function listArchive(
  file: string,
  format: ReadableFormat,
  visit: EntryVisitor,
  decodeName: NameDecoder = decodeUtf8,
): Promise<void> {
  if (format === 'zip') return forEachZipEntry(file, decodeName, visit);
  const input = openTarInput(file, format);
  const last: { answer?: ReturnType<EntryVisitor> } = {};
  const reader = new TarReader((entry) => {
    last.answer = visit(entry);
    // Stops the reader right after this header, so the answer is known before the next one.
    reader.hold = true;
    return null;
  });
  try {
    for await (const chunk of input.chunks) {
      let at = 0;
      while (at < chunk.length && !reader.done) {
        at += reader.push(at === 0 ? chunk : chunk.subarray(at));
        if (reader.hold) {
          reader.hold = false;
          if ((await last.answer) === false) return;
        }
      }
      if (reader.done) break;
    }
    // The decompressor's failure is the error when it cut the tar short.
    const failure = reader.done ? undefined : input.failure();
    if (failure) throw failure;
    reader.finish();
  } finally {
    input.close();
  }
}
