/**
 * A problem with the mirror's input (a dump file, a download, a mirror folder): the message says
 * which file, table and line, and what to do. Builds stop on it and leave the current mirror as
 * it is; the CLI prints the message without a stack.
 */
export class MirrorInputError extends Error {
  override name = "MirrorInputError";
}
