// three.js as the reference implementation: GLTFLoader + AnimationMixer + SkinnedMesh.applyBoneTransform,
// run in Node. Used by the conformance tests and by the benchmark (tools/bench.ts).
import {
  AnimationMixer,
  LoopOnce,
  Matrix4,
  Vector3,
  type AnimationAction,
  type AnimationClip,
  type Object3D,
  type SkinnedMesh,
} from 'three';
import { GLTFLoader, type GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';

/** One skinned primitive as three.js built it, keyed like ours: source node index + primitive index. */
export interface ThreePrimitive {
  /** glTF `nodes[k]` index of the node that instantiates the skinned mesh. */
  sourceNode: number;
  primitive: number;
  mesh: SkinnedMesh;
}

export interface ThreeScene {
  gltf: GLTF;
  mixer: AnimationMixer;
  primitives: ThreePrimitive[];
  /** Poses the scene at `timeSeconds` of `clip` (clamped at the end, as LoopOnce + clampWhenFinished), or in its rest pose when clip is null. */
  setTime(clip: AnimationClip | null, timeSeconds: number): void;
  /** Skinned positions of one primitive in scene space (what the vertex shader outputs before view-projection). */
  skinnedPositions(primitive: ThreePrimitive, out?: Float32Array): Float32Array;
}

// three.js's FileLoader (which GLTFLoader uses for data: URIs) reports progress with the DOM's
// ProgressEvent, which Node lacks; without it the load promise never settles.
if (typeof (globalThis as { ProgressEvent?: unknown }).ProgressEvent === 'undefined') {
  (globalThis as { ProgressEvent?: unknown }).ProgressEvent = class ProgressEvent extends Event {
    readonly lengthComputable: boolean;
    readonly loaded: number;
    readonly total: number;
    constructor(type: string, init: { lengthComputable?: boolean; loaded?: number; total?: number } = {}) {
      super(type);
      this.lengthComputable = init.lengthComputable ?? false;
      this.loaded = init.loaded ?? 0;
      this.total = init.total ?? 0;
    }
  };
}

/** Loads .glb or .gltf bytes with three.js's GLTFLoader; rejects after 20 s rather than hang. */
export async function loadThree(bytes: Uint8Array): Promise<ThreeScene> {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('three.js GLTFLoader did not finish within 20 s')), 20_000);
  });
  const gltf = await Promise.race([new GLTFLoader().parseAsync(buffer, ''), timeout]).finally(() => clearTimeout(timer));
  const associations = gltf.parser.associations as Map<Object3D, { nodes?: number; meshes?: number; primitives?: number }>;

  const primitives: ThreePrimitive[] = [];
  gltf.scene.traverse((object) => {
    if (!(object as SkinnedMesh).isSkinnedMesh) return;
    const mesh = object as SkinnedMesh;
    // A one-primitive mesh is the node's own object; several primitives become children of a Group node.
    let owner: Object3D | null = mesh;
    while (owner && associations.get(owner)?.nodes === undefined) owner = owner.parent;
    const sourceNode = owner ? associations.get(owner)!.nodes! : -1;
    const primitive = associations.get(mesh)?.primitives ?? 0;
    primitives.push({ sourceNode, primitive, mesh });
  });

  const mixer = new AnimationMixer(gltf.scene);
  const actions = new Map<AnimationClip, AnimationAction>();
  const vertex = new Vector3();
  const world = new Matrix4();

  return {
    gltf,
    mixer,
    primitives,
    setTime(clip, timeSeconds) {
      mixer.stopAllAction();
      if (clip) {
        let action = actions.get(clip);
        if (!action) {
          action = mixer.clipAction(clip);
          action.setLoop(LoopOnce, 1);
          action.clampWhenFinished = true;
          actions.set(clip, action);
        }
        action.reset().play();
        mixer.setTime(timeSeconds);
      }
      gltf.scene.updateMatrixWorld(true);
      for (const { mesh } of primitives) mesh.skeleton.update();
    },
    skinnedPositions({ mesh }, out) {
      const position = mesh.geometry.getAttribute('position');
      const result = out ?? new Float32Array(position.count * 3);
      world.copy(mesh.matrixWorld);
      for (let i = 0; i < position.count; i++) {
        vertex.fromBufferAttribute(position, i);
        mesh.applyBoneTransform(i, vertex);
        vertex.applyMatrix4(world);
        result[3 * i] = vertex.x;
        result[3 * i + 1] = vertex.y;
        result[3 * i + 2] = vertex.z;
      }
      return result;
    },
  };
}
