/** Thrown by a job that cannot run yet (its device is still offline): it runs again when its lease ends. */
export class RetryLater extends Error {
  override readonly name = 'RetryLater';
}
