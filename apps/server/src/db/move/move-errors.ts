/** A check before the copy said no: the target holds no copied row (exit code 1). */
export class MoveRefused extends Error {
  override readonly name = 'MoveRefused';
}

/** The copy or its verification failed (exit code 2): the message says what state the target is in. */
export class MoveFailed extends Error {
  override readonly name = 'MoveFailed';
}
