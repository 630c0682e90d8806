// The one error type of set-up work. Each layer fails one way: loaders throw GltfError
// (src/core/gltf/errors.ts), set-up throws SetupError, and per-frame runtime functions never throw.

/**
 * Thrown by set-up work — building influences, assembling kernels, compiling shaders, creating
 * renderers — with a message that names what is wrong and can be shown to a reader as it is.
 * Per-frame runtime functions never throw; loaders throw GltfError instead. Subclasses (ShaderError,
 * RendererError in src/gl/) keep their own names, so `instanceof SetupError` catches them all.
 */
export class SetupError extends Error {
  override name = 'SetupError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
