// The public surface of the skinning core: the data model, the glTF reader and one module per
// runtime stage, in data-flow order; the WebAssembly SIMD kernels that run the same stages fast;
// then the deliberately wrong variants the chapters' break-it toggles swap in.

export * from './model.ts';
export * from './gltf/index.ts';
export * from './math.ts';
export * from './clip.ts';
export * from './pose.ts';
export * from './hierarchy.ts';
export * from './bind-pose.ts';
export * from './palette.ts';
export * from './weights.ts';
export * from './skin.ts';
export * from './player.ts';
export * from './skin-simd.ts';
export * from './pose-simd.ts';
export * from './pitfalls.ts';
