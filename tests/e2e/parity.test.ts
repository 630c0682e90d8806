// GPU/CPU parity: shaders/skin.vert, run in Chromium with transform feedback on real models at
// several clip times, against the core's CPU skinning (src/core/skin.ts) computed here in Node.
//
// Node parses the model (parseGltf), poses it (createPlayer → animateFrame) and skins it on the CPU.
// The browser receives the same bind-pose vertex data and the same palettes, uploads them with the
// site's own WebGL code (createSkinnedVertexArray: joints through vertexAttribIPointer; the bone
// texture; createProgram with the feedback varyings) and returns what skin.vert wrote. Both sides
// use float32 inputs; the comparison is absolute, in model units (metres for the project's models):
// every position and every unit normal within 1e-5.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import type { Page } from 'playwright-core';
import { Playback } from '../../src/core/clip.ts';
import { parseGltf } from '../../src/core/gltf/index.ts';
import type { Model } from '../../src/core/model.ts';
import { createPlayer } from '../../src/core/frame.ts';
import { poseAt } from '../unit/helpers.ts';
import { skinVertices } from '../../src/core/skin.ts';
import { findNonRigidJoint, paletteToDualQuaternions, skinVerticesDualQuaternion } from '../../src/core/dual-quaternion.ts';
import { openSite, type Site } from './harness.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** Largest allowed |GPU − CPU| per coordinate, model units. */
const TOLERANCE = 1e-5;

/** The models compared: the project's own, and a Khronos sample, reported as skipped when ../shared lacks it. */
const models = [
  { label: 'mannequin.glb', path: `${root}public/models/mannequin.glb` },
  { label: 'bend-tube.glb', path: `${root}public/models/bend-tube.glb` },
  { label: 'khronos RiggedFigure.glb', path: `${root}../shared/models/khronos/RiggedFigure/RiggedFigure.glb` },
];

/**
 * The browser side, bundled from the site's real modules. window.parity.load(primitives) uploads
 * the bind-pose vertex data once; window.parity.skin(palettes) uploads one palette per skin, runs
 * skin.vert over every vertex and returns, per primitive, the positions and normals it captured.
 */
const browserEntry = `
import { createBoneTexture, uploadBoneTexture } from '${root}src/gl/bone-texture.ts';
import { createDualQuaternionTexture, SKIN_DUAL_QUATERNION_VERTEX_SHADER, uploadDualQuaternionTexture } from '${root}src/gl/dual-quaternion-texture.ts';
import { captureSkinFeedback, createSkinFeedback, readSkinFeedback, SKIN_FEEDBACK_VARYINGS } from '${root}src/gl/feedback.ts';
import { createSkinnedVertexArray } from '${root}src/gl/mesh.ts';
import { SKIN_VERTEX_SHADER, SHADE_FRAGMENT_SHADER, PALETTE_TEXTURE_UNIT } from '${root}src/gl/mesh-pass.ts';
import { createProgram, dropLinkedAhead, linkAhead, ShaderError, uniformLocation } from '${root}src/gl/program.ts';
import { uniformArraySkinShader } from '${root}src/gl/skin-shader-variants.ts';
import { uniformArrayBoneCapacity } from '${root}src/gl/skin-shaders.ts';

const gl = document.createElement('canvas').getContext('webgl2');
let loaded = [];

/**
 * Links \`vertex\` for capture and runs it over every loaded primitive: \`prepare(info)\` sets what
 * all primitives share and returns its clean-up, \`bind(p, info)\` what primitive p needs. Returns
 * the captured positions and normals per primitive; throws on any WebGL error.
 */
function capture(vertex, prepare, bind) {
  const info = createProgram(gl, vertex, SHADE_FRAGMENT_SHADER, SKIN_FEEDBACK_VARYINGS);
  gl.useProgram(info.program);
  gl.uniform1i(uniformLocation(info, 'u_selectedJoint'), -1);
  const cleanUp = prepare(info);
  const results = loaded.map((p) => {
    bind(p, info);
    captureSkinFeedback(gl, p.vertexArray.vao, p.feedback);
    const positions = new Float32Array(3 * p.vertexCount);
    const normals = new Float32Array(3 * p.vertexCount);
    readSkinFeedback(gl, p.feedback, positions, normals);
    return { positions: Array.from(positions), normals: Array.from(normals) };
  });
  cleanUp();
  gl.deleteProgram(info.program);
  const error = gl.getError();
  if (error !== gl.NO_ERROR) throw new Error('WebGL error ' + error);
  return results;
}

/** capture() for a shader reading u_palette: one texture per skin (floatsPerJoint per joint), made with create and filled with upload. */
function captureFromTextures(vertex, palettes, floatsPerJoint, create, upload) {
  let textures = [];
  return capture(
    vertex,
    (info) => {
      gl.uniform1i(uniformLocation(info, 'u_palette'), PALETTE_TEXTURE_UNIT);
      gl.activeTexture(gl.TEXTURE0 + PALETTE_TEXTURE_UNIT);
      textures = palettes.map((values) => {
        const data = new Float32Array(values);
        const texture = create(gl, data.length / floatsPerJoint);
        if (typeof texture === 'string') throw new Error(texture);
        upload(gl, texture, data);
        return texture;
      });
      return () => {
        for (const texture of textures) gl.deleteTexture(texture.texture);
      };
    },
    (p) => gl.bindTexture(gl.TEXTURE_2D, textures[p.skin].texture),
  );
}

window.parity = {
  /** The message createProgram throws for these sources, or '' when they compile. */
  compileError(vertex, fragment) {
    try {
      gl.deleteProgram(createProgram(gl, vertex, fragment).program);
      return '';
    } catch (error) {
      return (error instanceof ShaderError ? '' : 'not a ShaderError: ') + error.message;
    }
  },
  /**
   * linkAhead(vertex + fragment), then createProgram with the same sources twice, then linkAhead
   * again and dropLinkedAhead: which programs were reused, the message of a failure, and whether
   * the dropped program is gone.
   */
  linkedAhead(vertex, fragment) {
    const created = [];
    const original = gl.createProgram.bind(gl);
    gl.createProgram = () => {
      const program = original();
      created.push(program);
      return program;
    };
    try {
      linkAhead(gl, [[vertex, fragment]]);
      let first;
      try {
        first = createProgram(gl, vertex, fragment);
      } catch (error) {
        return { message: error.message, started: created.length };
      }
      const second = createProgram(gl, vertex, fragment);
      linkAhead(gl, [[vertex, fragment]]);
      const dropped = created[created.length - 1];
      dropLinkedAhead(gl);
      const result = {
        message: '',
        started: created.length,
        firstIsLinkedAhead: first.program === created[0],
        secondIsNew: second.program !== first.program,
        uniforms: first.uniforms.size,
        droppedIsGone: !gl.isProgram(dropped),
      };
      gl.deleteProgram(first.program);
      gl.deleteProgram(second.program);
      return result;
    } finally {
      gl.createProgram = original;
    }
  },
  load(primitives) {
    if (!gl) throw new Error('no WebGL2');
    loaded = primitives.map((p) => {
      const primitive = {
        vertexCount: p.vertexCount,
        positions: new Float32Array(p.positions),
        normals: new Float32Array(p.normals),
        joints: new Uint16Array(p.joints),
        weights: new Float32Array(p.weights),
        indices: null,
      };
      return {
        skin: p.skin,
        vertexCount: p.vertexCount,
        vertexArray: createSkinnedVertexArray(gl, primitive),
        feedback: createSkinFeedback(gl, p.vertexCount),
      };
    });
  },
  skin(palettes) {
    return captureFromTextures(SKIN_VERTEX_SHADER, palettes, 16, createBoneTexture, uploadBoneTexture);
  },
  /** This device's uniform-array capacity in bone matrices (uniformArrayBoneCapacity). */
  uniformCapacity() {
    return uniformArrayBoneCapacity(gl.getParameter(gl.MAX_VERTEX_UNIFORM_VECTORS));
  },
  /** As skin(), with shaders/variants/uniform-array.vert compiled for maxBones and the palette uploaded to u_bones. */
  skinUniformArray(palettes, maxBones) {
    return capture(uniformArraySkinShader(maxBones).vertex, () => () => {}, (p, info) => {
      const palette = new Float32Array(palettes[p.skin]);
      gl.uniformMatrix4fv(uniformLocation(info, 'u_bones'), false, palette, 0, 16 * Math.min(maxBones, palette.length / 16));
    });
  },
  /** As skin(), with skin-dq.vert and one array of dual quaternions (8 floats per joint) per skin. */
  skinDualQuaternions(dualQuaternionPalettes) {
    return captureFromTextures(SKIN_DUAL_QUATERNION_VERTEX_SHADER, dualQuaternionPalettes, 8, createDualQuaternionTexture, uploadDualQuaternionTexture);
  },
};
`;

/** Bundles browserEntry (with the shaders inlined through ?raw) into one script. */
async function bundleBrowserCode(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    root,
    plugins: [
      {
        name: 'parity-entry',
        enforce: 'pre',
        // Lib mode hands the entry over as a path under `root`.
        resolveId: (id) => (id.endsWith('virtual:parity') ? '\0virtual:parity' : null),
        load: (id) => (id === '\0virtual:parity' ? browserEntry : null),
      },
    ],
    build: {
      write: false,
      minify: false,
      lib: { entry: 'virtual:parity', formats: ['iife'], name: 'parity' },
    },
  });
  const results = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  const chunk = results[0].output.find((item) => item.type === 'chunk');
  if (chunk === undefined || chunk.type !== 'chunk') throw new Error('the parity bundle produced no chunk');
  return chunk.code;
}

interface GpuSkinned {
  positions: number[];
  normals: number[];
}

interface ShaderSource {
  name: string;
  source: string;
}

interface ParityWindow {
  parity: {
    compileError(vertex: ShaderSource, fragment: ShaderSource): string;
    load(primitives: unknown): void;
    skin(palettes: number[][]): GpuSkinned[];
    skinDualQuaternions(dualQuaternionPalettes: number[][]): GpuSkinned[];
    uniformCapacity(): number;
    skinUniformArray(palettes: number[][], maxBones: number): GpuSkinned[];
  };
}

/** Every skinned primitive of the model, with its mesh's skin index. */
function primitivesOf(model: Model) {
  return model.meshes.flatMap((mesh) => mesh.primitives.map((primitive) => ({ skin: mesh.skin, primitive })));
}

/** Sends the model's bind-pose vertex data to the browser (once per model). */
async function loadOnGpu(page: Page, model: Model): Promise<void> {
  const input = primitivesOf(model).map(({ skin, primitive }) => ({
    skin,
    vertexCount: primitive.vertexCount,
    positions: Array.from(primitive.positions),
    normals: Array.from(primitive.normals!),
    joints: Array.from(primitive.joints),
    weights: Array.from(primitive.weights),
  }));
  await page.evaluate((primitives) => (window as unknown as ParityWindow).parity.load(primitives), input);
}

/** Runs skin.vert with these palettes (one per skin) over the loaded model. */
async function skinOnGpu(page: Page, palettes: Float32Array[]): Promise<GpuSkinned[]> {
  const values = palettes.map((palette) => Array.from(palette));
  return page.evaluate((p) => (window as unknown as ParityWindow).parity.skin(p), values);
}

interface Comparison {
  positionError: number;
  normalError: number;
  vertices: number;
}

/** Skins the loaded `model` at clip `clipIndex`, time `time` on both sides; the largest differences. */
async function compareAt(page: Page, model: Model, clipIndex: number, time: number): Promise<Comparison> {
  const player = createPlayer(model);
  poseAt(player, clipIndex, time, Playback.LOOP);
  const gpu = await skinOnGpu(page, player.palettes);
  let positionError = 0;
  let normalError = 0;
  let vertices = 0;
  primitivesOf(model).forEach(({ skin, primitive }, i) => {
    const positions = new Float32Array(3 * primitive.vertexCount);
    const normals = new Float32Array(3 * primitive.vertexCount);
    skinVertices(positions, normals, primitive, player.palettes[skin]);
    for (let k = 0; k < positions.length; k++) {
      // NaN on either side fails: Math.max(x, NaN) is NaN, and NaN ≤ tolerance is false.
      positionError = Math.max(positionError, Math.abs(positions[k] - gpu[i].positions[k]));
      normalError = Math.max(normalError, Math.abs(normals[k] - gpu[i].normals[k]));
    }
    vertices += primitive.vertexCount;
  });
  return { positionError, normalError, vertices };
}

function readModel(path: string): Model {
  const bytes = readFileSync(path);
  return parseGltf(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

let site: Site;
let page: Page;

beforeAll(async () => {
  const code = await bundleBrowserCode();
  site = await openSite();
  ({ page } = await site.newPage());
  await page.goto(`${site.origin}/`);
  await page.addScriptTag({ content: code });
});

afterAll(async () => {
  await site?.close();
});

describe('skin.vert on the GPU matches skinVertices on the CPU', () => {
  for (const { label, path } of models) {
    if (!existsSync(path)) {
      console.warn(`parity: skipped ${label}, not present on this machine (${path})`);
      it.skip(`${label}: skipped, not present on this machine`, () => {});
      continue;
    }
    it(`${label}: every clip at several times, positions and normals within ${TOLERANCE}`, async () => {
      const model = readModel(path);
      expect(model.meshes.length).toBeGreaterThan(0);
      expect(primitivesOf(model).every(({ primitive }) => primitive.normals !== null)).toBe(true);
      await loadOnGpu(page, model);
      const cases: [number, number][] = [[-1, 0]];
      model.clips.forEach((clip, clipIndex) => {
        for (const fraction of [0, 0.21, 0.5, 0.77]) cases.push([clipIndex, fraction * clip.duration]);
      });
      expect(cases.length).toBeGreaterThan(4);
      let worstPosition = 0;
      let worstNormal = 0;
      for (const [clipIndex, time] of cases) {
        const result = await compareAt(page, model, clipIndex, time);
        const where = `${label}, clip ${clipIndex}, t = ${time.toFixed(3)} s`;
        expect(result.vertices, where).toBeGreaterThan(0);
        expect(result.positionError, `${where}: positions`).toBeLessThanOrEqual(TOLERANCE);
        expect(result.normalError, `${where}: normals`).toBeLessThanOrEqual(TOLERANCE);
        worstPosition = Math.max(worstPosition, result.positionError);
        worstNormal = Math.max(worstNormal, result.normalError);
      }
      console.log(`${label}: ${cases.length} poses, max |GPU − CPU| position ${worstPosition.toExponential(2)}, normal ${worstNormal.toExponential(2)}`);
    });
  }

  it('is sensitive: a palette that differs by 1e-4 in one translation is caught', async () => {
    const model = readModel(models[0].path);
    await loadOnGpu(page, model);
    const player = createPlayer(model);
    poseAt(player, 0, 0.3, Playback.LOOP);
    const skin = model.meshes[0].skin;
    const primitive = model.meshes[0].primitives[0];
    // Joint 0's x translation moved by 1e-4: every vertex weighted on joint 0 must show it.
    const shifted = player.palettes.map((palette) => Float32Array.from(palette));
    shifted[skin][12] += 1e-4;
    const gpu = await skinOnGpu(page, shifted);
    const cpu = new Float32Array(3 * primitive.vertexCount);
    skinVertices(cpu, null, primitive, player.palettes[skin]);
    let largest = 0;
    for (let k = 0; k < cpu.length; k++) largest = Math.max(largest, Math.abs(cpu[k] - gpu[0].positions[k]));
    expect(largest).toBeGreaterThan(TOLERANCE);
    expect(largest).toBeLessThan(2e-4);
  });
});

describe('shader errors', () => {
  const fragment = { name: 'shaders/shade.frag', source: readFileSync(`${root}shaders/shade.frag`, 'utf8') };
  const skinVertex = readFileSync(`${root}shaders/skin.vert`, 'utf8');

  it('compiles the real shaders', async () => {
    const message = await page.evaluate(([v, f]) => (window as unknown as ParityWindow).parity.compileError(v, f), [
      { name: 'shaders/skin.vert', source: skinVertex },
      fragment,
    ] as const);
    expect(message).toBe('');
  });

  it('names the file and line of a compile error and quotes the line', async () => {
    // Break one line of skin.vert: joints read as floats, the classic mistake.
    const lines = skinVertex.split('\n');
    const broken = lines.findIndex((line) => line.includes('in uvec4 a_joints'));
    expect(broken).toBeGreaterThan(0);
    const source = skinVertex.replace('in uvec4 a_joints', 'in vec4 a_joints');
    const message = await page.evaluate(([v, f]) => (window as unknown as ParityWindow).parity.compileError(v, f), [
      { name: 'shaders/skin.vert', source },
      fragment,
    ] as const);
    expect(message).toMatch(/^Shader compilation failed\n/);
    // The first error is where the float joints meet jointMatrix(uint); it names the file and a line.
    const located = /shaders\/skin\.vert:(\d+): /.exec(message);
    expect(located, message).not.toBeNull();
    const line = Number(located![1]);
    expect(line).toBeGreaterThan(broken);
    expect(message).toContain(`${line} | ${lines[line - 1].trim()}`);
  });
});

describe('programs linked ahead (linkAhead, figure start-up)', () => {
  const fragment = { name: 'shaders/shade.frag', source: readFileSync(`${root}shaders/shade.frag`, 'utf8') };
  const skinVertex = readFileSync(`${root}shaders/skin.vert`, 'utf8');
  type LinkedAhead = { message: string; started: number; firstIsLinkedAhead?: boolean; secondIsNew?: boolean; uniforms?: number; droppedIsGone?: boolean };
  const linkedAhead = (source: string) =>
    page.evaluate(
      ([v, f]) => (window as unknown as { parity: { linkedAhead(v: unknown, f: unknown): LinkedAhead } }).parity.linkedAhead(v, f),
      [{ name: 'shaders/skin.vert', source }, fragment] as const,
    );

  it('createProgram takes the program linked ahead with the same sources, once; dropLinkedAhead deletes the rest', async () => {
    const result = await linkedAhead(skinVertex);
    expect(result).toEqual({ message: '', started: 3, firstIsLinkedAhead: true, secondIsNew: true, uniforms: expect.any(Number), droppedIsGone: true });
    expect(result.uniforms).toBeGreaterThan(5);
  });

  it('a shader that fails when linked ahead is reported by createProgram, file and line named', async () => {
    const result = await linkedAhead(skinVertex.replace('in uvec4 a_joints', 'in vec4 a_joints'));
    expect(result.started).toBe(1);
    expect(result.message).toMatch(/^Shader compilation failed\nshaders\/skin\.vert:\d+: /);
  });
});

describe('skin-dq.vert on the GPU matches skinVerticesDualQuaternion on the CPU', () => {
  // The same comparison for dual quaternion skinning: Node converts each palette with
  // paletteToDualQuaternions, the browser uploads the result as it is, and skin-dq.vert's captured
  // outputs must equal skinVerticesDualQuaternion's within TOLERANCE. Both models' palettes are
  // rigid (checked), so the conversion keeps all of them.
  const cases = [
    { label: 'bend-tube.glb twist', path: models[1].path, clip: 'twist' },
    { label: 'mannequin.glb walk', path: models[0].path, clip: 'walk' },
  ];
  for (const { label, path, clip: clipName } of cases) {
    it(`${label}: positions and normals within ${TOLERANCE}`, async () => {
      const model = readModel(path);
      const clipIndex = model.clips.findIndex((clip) => clip.name === clipName);
      expect(clipIndex, `${label}: the clip`).toBeGreaterThanOrEqual(0);
      await loadOnGpu(page, model);
      const player = createPlayer(model);
      let worstPosition = 0;
      let worstNormal = 0;
      // t = 2 s is the twist's 180°, where linear blend collapses the joint's ring.
      for (const fraction of [0, 0.21, 0.5, 0.77]) {
        const time = fraction * model.clips[clipIndex].duration;
        poseAt(player, clipIndex, time, Playback.LOOP);
        const dualQuaternions = player.palettes.map((palette) => {
          expect(findNonRigidJoint(palette), `${label}, t = ${time} s: a rigid palette`).toBe(-1);
          return Array.from(paletteToDualQuaternions(new Float32Array(8 * (palette.length / 16)), palette));
        });
        const gpu = await page.evaluate((values) => (window as unknown as ParityWindow).parity.skinDualQuaternions(values), dualQuaternions);
        let positionError = 0;
        let normalError = 0;
        primitivesOf(model).forEach(({ skin, primitive }, i) => {
          const positions = new Float32Array(3 * primitive.vertexCount);
          const normals = new Float32Array(3 * primitive.vertexCount);
          skinVerticesDualQuaternion(positions, normals, primitive, player.palettes[skin]);
          for (let k = 0; k < positions.length; k++) {
            positionError = Math.max(positionError, Math.abs(positions[k] - gpu[i].positions[k]));
            normalError = Math.max(normalError, Math.abs(normals[k] - gpu[i].normals[k]));
          }
        });
        const where = `${label}, t = ${time.toFixed(3)} s`;
        expect(positionError, `${where}: positions`).toBeLessThanOrEqual(TOLERANCE);
        expect(normalError, `${where}: normals`).toBeLessThanOrEqual(TOLERANCE);
        worstPosition = Math.max(worstPosition, positionError);
        worstNormal = Math.max(worstNormal, normalError);
      }
      console.log(`${label} (dual quaternions): max |GPU − CPU| position ${worstPosition.toExponential(2)}, normal ${worstNormal.toExponential(2)}`);
    });
  }

  it('is not linear blend skinning: at the 180° twist the two shaders disagree by the ring’s radius', async () => {
    const model = readModel(models[1].path);
    await loadOnGpu(page, model);
    const player = createPlayer(model);
    poseAt(player, model.clips.findIndex((clip) => clip.name === 'twist'), 2, Playback.LOOP);
    const dualQuaternions = Array.from(paletteToDualQuaternions(new Float32Array(8 * 3), player.palettes[0]));
    const [dual] = await page.evaluate((values) => (window as unknown as ParityWindow).parity.skinDualQuaternions(values), [dualQuaternions]);
    const [linear] = await skinOnGpu(page, player.palettes);
    let largest = 0;
    for (let k = 0; k < dual.positions.length; k++) largest = Math.max(largest, Math.abs(dual.positions[k] - linear.positions[k]));
    // At the joint, linear blend puts the ring on the axis; dual quaternions keep it 0.25 away.
    expect(largest).toBeGreaterThan(0.2);
    expect(largest).toBeLessThan(0.26);
  });

  it('compiles skin-dq.vert with shade.frag', async () => {
    const fragment = { name: 'shaders/shade.frag', source: readFileSync(`${root}shaders/shade.frag`, 'utf8') };
    const vertex = { name: 'shaders/skin-dq.vert', source: readFileSync(`${root}shaders/skin-dq.vert`, 'utf8') };
    const message = await page.evaluate(([v, f]) => (window as unknown as ParityWindow).parity.compileError(v, f), [vertex, fragment] as const);
    expect(message).toBe('');
  });
});

describe('shaders/variants/uniform-array.vert (chapter 8) on the GPU', () => {
  // The tentacle's 300 joints, from a uniform array big enough for all of them (when this device
  // allows it), give what skinVertices gives; an array of 100 gives something else past joint 99.
  const tentacle = `${root}public/models/tentacle.glb`;

  it('with room for every joint, matches skinVertices on the CPU; with 100, the joints past 99 are wrong', async () => {
    const model = readModel(tentacle);
    await loadOnGpu(page, model);
    const player = createPlayer(model);
    const clipIndex = model.clips.findIndex((clip) => clip.name === 'curl');
    poseAt(player, clipIndex, 1.8, Playback.LOOP);
    const capacity = await page.evaluate(() => (window as unknown as ParityWindow).parity.uniformCapacity());
    const values = player.palettes.map((palette) => Array.from(palette));
    const primitive = model.meshes[0].primitives[0];
    const cpu = new Float32Array(3 * primitive.vertexCount);
    skinVertices(cpu, null, primitive, player.palettes[0]);
    const largestError = (gpu: number[]) => cpu.reduce((most, value, k) => Math.max(most, Math.abs(value - gpu[k])), 0);
    if (capacity >= 300) {
      const [full] = await page.evaluate(([palettes, bones]) => (window as unknown as ParityWindow).parity.skinUniformArray(palettes, bones), [values, 300] as const);
      expect(largestError(full.positions)).toBeLessThanOrEqual(TOLERANCE);
    }
    const [short] = await page.evaluate(([palettes, bones]) => (window as unknown as ParityWindow).parity.skinUniformArray(palettes, bones), [values, 100] as const);
    expect(largestError(short.positions)).toBeGreaterThan(0.1);
  });
});
