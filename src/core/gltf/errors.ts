// The one error type the glTF reader throws.

/**
 * A glTF file that cannot be loaded. `path` names the offending part of the file as a JSON path
 * (`skins[0].inverseBindMatrices`), or `glb…` / `json` / `file` for the container itself; the
 * message is `path: detail`, so it can be shown to a reader as it is.
 */
export class GltfError extends Error {
  override name = 'GltfError';
  /** JSON path of the offending value, e.g. `nodes[3].children[1]`. */
  readonly path: string;
  /** The message without the path. */
  readonly detail: string;

  constructor(path: string, detail: string, options?: { cause?: unknown }) {
    super(path === '' ? detail : `${path}: ${detail}`, options);
    this.path = path;
    this.detail = detail;
  }
}
