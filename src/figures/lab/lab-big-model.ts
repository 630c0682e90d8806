// When the lab takes the fast path: the sizes that decide it. Kept apart from lab-fast-path.ts
// (the kernels), which the lab imports only for a model past these sizes.

/** A model with at least this many skinned vertices (all meshes), or … */
export const BIG_MODEL_VERTICES = 30_000;
/** … at least this many joints (all skins) is posed through the fast path. */
export const BIG_MODEL_JOINTS = 120;

/** Skinned vertices (every primitive of every skinned mesh) and joints (every skin) of a model. */
export function modelSize(model: { meshes: readonly { primitives: readonly { vertexCount: number }[] }[]; skins: readonly { joints: ArrayLike<number> }[] }): {
  vertices: number;
  joints: number;
} {
  let vertices = 0;
  for (const mesh of model.meshes) for (const primitive of mesh.primitives) vertices += primitive.vertexCount;
  let joints = 0;
  for (const skin of model.skins) joints += skin.joints.length;
  return { vertices, joints };
}

export function isBigModel(size: { vertices: number; joints: number }): boolean {
  return size.vertices >= BIG_MODEL_VERTICES || size.joints >= BIG_MODEL_JOINTS;
}
