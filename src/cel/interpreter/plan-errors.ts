// Errors that stop planning or evaluation as a whole rather than becoming CEL error values.

/** An error found while planning (cel-go returns it from env.Program()). */
export class PlanError extends Error {}

/** Aborts the whole evaluation, like a Go panic that cel-go's Program.Eval recovers from. */
export class InternalEvalError extends Error {}
