// The error derive throws for input it cannot use (a missing needed column, a value that
// does not parse): a MirrorInputError, so a build stops on it with its message and leaves
// the current mirror serving.
import { MirrorInputError } from "../errors.js";

export class DeriveInputError extends MirrorInputError {
  override name = "MirrorInputError";
}
