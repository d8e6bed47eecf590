import { expect } from 'chai';
import { PassThrough } from 'node:stream';
import { ConsoleLog } from '@goalhost/cli/internal';

/** The progress line on stderr, for terminals of each reported width. */
describe('cli: the progress line', () => {
  const TEXT = `Unpacking org.example:lib:zip:1.0: ${'x'.repeat(200)}`;

  function progressLine(columns: number | undefined): { shown: string; erased: string } {
    const err = Object.assign(new PassThrough(), { columns });
    const out = new PassThrough();
    const log = new ConsoleLog({ debug: false, quiet: false, progress: true, out, err });
    log.progress(TEXT);
    const shown = String(err.read());
    log.info('next');
    return { shown, erased: String(err.read()) };
  }

  for (const [columns, width] of [
    [undefined, 79],
    [0, 79],
    [120, 119],
    [10, 20],
  ] as const) {
    it(`a terminal reporting ${columns === undefined ? 'no width' : `${columns} columns`} gets a ${width}-character line, erased before the next log line`, () => {
      expect(progressLine(columns)).to.deep.equal({
        shown: `\r${TEXT.slice(0, width)}`,
        erased: `\r${' '.repeat(width)}\r`,
      });
    });
  }
});
