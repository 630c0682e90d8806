// Writes a ModelSpec as a binary glTF 2.0 file (.glb) with @gltf-transform/core.
//
// Layout of every file: nodes in rig order (parents first) followed by the mesh node; one scene
// whose roots are the rig's root nodes and the skinned mesh node (at the root, no transform, as
// the glTF specification recommends — or, for a spec with `meshParent`, under that rig node); one skin, one mesh with one primitive, one material; one
// animation per clip with one sampler per channel. Output is deterministic: the same spec gives
// the same bytes (no dates, no random identifiers, a fixed generator string).

import { type Accessor, Document, Logger, NodeIO, type Node as GltfNode } from '@gltf-transform/core';
import type { ModelSpec } from './spec.ts';

/** `asset.generator` of every file: fixed, so regenerating does not change bytes. */
export const GENERATOR = 'Skinning, explained live — tools/models';
/** `asset.copyright` of every file. */
export const COPYRIGHT = 'Skinning, explained live contributors; MIT licence';

/** The glTF document for `spec`, in memory. */
export function createDocument(spec: ModelSpec): Document {
  const document = new Document();
  document.setLogger(new Logger(Logger.Verbosity.WARN));
  const root = document.getRoot();
  const asset = root.getAsset();
  asset.generator = GENERATOR;
  asset.copyright = COPYRIGHT;
  const buffer = document.createBuffer();

  const nodes: GltfNode[] = spec.rig.nodes.map((rigNode) =>
    document
      .createNode(rigNode.name)
      .setTranslation([...rigNode.translation])
      .setRotation([...rigNode.rotation])
      .setScale([...rigNode.scale]),
  );
  spec.rig.nodes.forEach((rigNode, index) => {
    if (rigNode.parent >= 0) nodes[rigNode.parent].addChild(nodes[index]);
  });

  const skin = document.createSkin(`${spec.name}-skin`);
  for (const joint of spec.joints) skin.addJoint(nodes[joint]);
  skin.setSkeleton(nodes[spec.skeleton]);
  skin.setInverseBindMatrices(
    document.createAccessor('inverseBindMatrices', buffer).setType('MAT4').setArray(inverseBind(spec)),
  );

  const material = document
    .createMaterial(spec.material.name)
    .setBaseColorFactor([...spec.material.baseColor])
    .setMetallicFactor(spec.material.metallic)
    .setRoughnessFactor(spec.material.roughness);

  const { mesh: packed } = spec;
  const primitive = document
    .createPrimitive()
    .setMaterial(material)
    .setAttribute('POSITION', document.createAccessor('POSITION', buffer).setType('VEC3').setArray(packed.positions))
    .setAttribute('NORMAL', document.createAccessor('NORMAL', buffer).setType('VEC3').setArray(packed.normals))
    .setAttribute('JOINTS_0', document.createAccessor('JOINTS_0', buffer).setType('VEC4').setArray(packed.joints))
    .setAttribute('WEIGHTS_0', document.createAccessor('WEIGHTS_0', buffer).setType('VEC4').setArray(packed.weights))
    .setIndices(document.createAccessor('indices', buffer).setType('SCALAR').setArray(packed.indices));
  const mesh = document.createMesh(spec.meshName).addPrimitive(primitive);
  const meshNode = document.createNode(spec.meshName).setMesh(mesh).setSkin(skin);

  const scene = document.createScene(spec.name);
  spec.rig.nodes.forEach((rigNode, index) => {
    if (rigNode.parent < 0) scene.addChild(nodes[index]);
  });
  if (spec.meshParent !== undefined && spec.meshParent >= 0) nodes[spec.meshParent].addChild(meshNode);
  else scene.addChild(meshNode);
  root.setDefaultScene(scene);

  for (const clip of spec.clips) {
    const animation = document.createAnimation(clip.name);
    // Tracks that hold the same `times` array share one input accessor, labelled by the clip.
    const tracksPerTimes = new Map<Float32Array, number>();
    for (const track of clip.tracks) tracksPerTimes.set(track.times, (tracksPerTimes.get(track.times) ?? 0) + 1);
    const sharedInputs = new Map<Float32Array, Accessor>();
    for (const track of clip.tracks) {
      // Samplers and channels have no `name` in glTF; the accessors carry the label instead.
      const label = `${clip.name}/${spec.rig.nodes[track.node].name}.${track.path}`;
      const shared = tracksPerTimes.get(track.times)! > 1;
      let input = shared ? sharedInputs.get(track.times) : undefined;
      if (!input) {
        input = document
          .createAccessor(shared ? `${clip.name}:times` : `${label}:times`, buffer)
          .setType('SCALAR')
          .setArray(track.times);
        if (shared) sharedInputs.set(track.times, input);
      }
      const sampler = document
        .createAnimationSampler()
        .setInterpolation(track.interpolation)
        .setInput(input)
        .setOutput(
          document
            .createAccessor(`${label}:values`, buffer)
            .setType(track.path === 'rotation' ? 'VEC4' : 'VEC3')
            .setArray(track.values),
        );
      const channel = document
        .createAnimationChannel()
        .setTargetNode(nodes[track.node])
        .setTargetPath(track.path)
        .setSampler(sampler);
      animation.addSampler(sampler).addChannel(channel);
    }
  }
  return document;
}

function inverseBind(spec: ModelSpec): Float32Array<ArrayBuffer> {
  if (spec.inverseBindMatrices.length !== 16 * spec.joints.length) {
    throw new Error(
      `${spec.name}: ${spec.inverseBindMatrices.length / 16} inverse bind matrices for ${spec.joints.length} joints`,
    );
  }
  return spec.inverseBindMatrices;
}

/** The .glb bytes of `spec`. */
export async function writeGlb(spec: ModelSpec): Promise<Uint8Array> {
  const io = new NodeIO();
  return io.writeBinary(createDocument(spec));
}
