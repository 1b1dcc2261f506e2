/**
 * A source that cannot be read at all: an old backend that does not answer, an address that is
 * not http(s), a folder that does not exist or holds none of the lists, a file that is not JSON.
 * Its message names the source and the reason, for the terminal and the Import page; nothing has
 * been written when it is thrown (readers run before the applier).
 */
export class ImportSourceError extends Error {
  readonly source: string;

  constructor(source: string, reason: string) {
    super(`Cannot read ${source}: ${reason}`);
    this.name = "ImportSourceError";
    this.source = source;
  }
}

export const isImportSourceError = (error: unknown): error is ImportSourceError =>
  error instanceof ImportSourceError;
