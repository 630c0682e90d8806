// Chapter 9's view of the same file through Assimp, computed at build time: assimpjs (Assimp
// compiled to WebAssembly) reads public/models/two-bones.glb and exports its aiScene as JSON
// ("assjson"). The chapter shows the aiNode tree with each mTransformation, the mesh's aiBones with
// mOffsetMatrix and their weight counts, and the aiAnimation's duration and ticks — and checks the
// one difference that matters: Assimp's matrices are row-major, so its array is the transpose of
// glTF's column-major inverse bind matrix.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export interface AssimpNode {
  name: string;
  /** mTransformation as Assimp stores it: 16 numbers, row by row. */
  transformation: number[];
  meshes: number[];
  children: AssimpNode[];
}

export interface AssimpView {
  root: AssimpNode;
  bones: { name: string; offsetMatrix: number[]; weightCount: number }[];
  animation: { name: string; duration: number; ticksPerSecond: number; channels: { name: string; rotationKeys: number }[] };
  /** Vertices of the mesh as Assimp hands them over (it may un-weld them). */
  vertexCount: number;
  /** The aiScene JSON, pretty-printed with long arrays cut to their length. */
  excerpt: string;
}

interface AssimpJs {
  FileList: new () => { AddFile(name: string, bytes: Uint8Array): void };
  ConvertFileList(list: unknown, format: string): { IsSuccess(): boolean; GetErrorCode(): string; GetFile(index: number): { GetContent(): Uint8Array } };
}

function nodeOf(raw: any): AssimpNode {
  return { name: raw.name, transformation: raw.transformation, meshes: raw.meshes ?? [], children: (raw.children ?? []).map(nodeOf) };
}

/** The aiScene of public/models/`file`, read by Assimp. */
export async function computeAssimpView(file = 'two-bones.glb', root: string = process.cwd()): Promise<AssimpView> {
  const require = createRequire(join(root, 'package.json'));
  const factory = require('assimpjs') as () => Promise<AssimpJs>;
  const assimp = await factory();
  const list = new assimp.FileList();
  list.AddFile(file, new Uint8Array(readFileSync(join(root, 'public', 'models', file))));
  const result = assimp.ConvertFileList(list, 'assjson');
  if (!result.IsSuccess()) throw new Error(`Assimp could not read ${file}: ${result.GetErrorCode()}`);
  const scene = JSON.parse(new TextDecoder().decode(result.GetFile(0).GetContent()));
  const mesh = scene.meshes[0];
  const animation = scene.animations[0];
  const excerpt = JSON.stringify(
    { rootnode: scene.rootnode, meshes: [{ name: mesh.name, vertices: mesh.vertices, bones: mesh.bones }], animations: [animation] },
    (key, value) => (Array.isArray(value) && value.length > 16 ? `… ${value.length} numbers` : value),
    2,
  ).replace(/\[\s*([-\d.e,\s]*?)\s*\]/g, (_, inner: string) => `[${inner.split(',').map((item) => item.trim()).join(', ')}]`);
  return {
    root: nodeOf(scene.rootnode),
    bones: mesh.bones.map((bone: any) => ({ name: bone.name, offsetMatrix: bone.offsetmatrix, weightCount: bone.weights.length })),
    animation: {
      name: animation.name,
      duration: animation.duration,
      ticksPerSecond: animation.tickspersecond,
      channels: animation.channels.map((channel: any) => ({ name: channel.name, rotationKeys: (channel.rotationkeys ?? []).length })),
    },
    vertexCount: mesh.vertices.length / 3,
    excerpt,
  };
}
