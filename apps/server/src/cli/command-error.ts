/** A message for the operator, printed without a stack trace. */
export class CommandError extends Error {}
