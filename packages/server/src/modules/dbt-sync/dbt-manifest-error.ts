/**
 * A `manifest.json` the sync cannot read. The message starts with the JSON path of the problem
 * (`nodes["model.jaffle.orders"].columns.id: expected an object, got a string`) so the sync's error
 * points at the exact value to fix.
 */
export class DbtManifestError extends Error {
  override readonly name = 'DbtManifestError';
}
