// A mistake in how a command was asked for (a flag, an output path, an inputs
// file): the shells print it as one line and exit 2.
export class UsageError extends Error {}
