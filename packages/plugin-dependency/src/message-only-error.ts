/**
 * An error whose message is all that is ever reported (the JDK's wording, as Maven prints it):
 * no stack is captured, since listing thousands of files that are not zips would otherwise spend
 * more time capturing stacks than reading the files.
 */
export class MessageOnlyError extends Error {
  constructor(message: string) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}
