/** A backup or restore that was refused or failed. The message says why; it never holds a password. */
export class BackupError extends Error {
  override name = "BackupError";
}
