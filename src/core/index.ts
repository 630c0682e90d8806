// The public surface of the skinning core: the data model, the glTF reader, one module per
// runtime stage in data-flow order, one frame whole (frame.ts), then the deliberately wrong
// variants the chapters' break-it choices swap in. The same stages, fast: src/core/fast/.

export * from './model.ts';
export * from './gltf/index.ts';
export * from './setup-error.ts';
export * from './math.ts';
export * from './clip.ts';
export * from './key-search.ts';
export * from './rotation-blend.ts';
export * from './ticks.ts';
export * from './blend.ts';
export * from './pose.ts';
export * from './hierarchy.ts';
export * from './bind-pose.ts';
export * from './palette.ts';
export * from './weights.ts';
export * from './skin.ts';
export * from './dual-quaternion.ts';
export * from './skin-measures.ts';
export * from './vertex-influence.ts';
export * from './picking.ts';
export * from './frame.ts';
export * from './bake.ts';
export * from './pitfalls.ts';
export * from './pitfalls-beyond.ts';
