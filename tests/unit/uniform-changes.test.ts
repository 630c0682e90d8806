// The mesh and ground passes send a uniform only when its value changed since the pass last sent
// it (uniformChanged, src/gl/program.ts): a playing clip moves no camera and no light, and each
// WebGL call costs the page's main thread even when the value is the same. Checked against a
// stand-in WebGL context that records the calls.
import { describe, expect, it } from 'vitest';
import { beginMeshPass, meshPassOf, setMeshPassSelectedJoint, type MeshPassFrame } from '../../src/gl/mesh-pass.ts';
import { drawGroundPass, placeGround, type GroundPass } from '../../src/gl/ground-pass.ts';
import { uniformChanged, unsentUniform } from '../../src/gl/program.ts';
import { SkinShader } from '../../src/gl/skin-shaders.ts';
import { stubWebGl } from './helpers.ts';

/** A stand-in WebGL2 context that records the names of the uniform* calls made on it. */
function recordingContext(): { gl: WebGL2RenderingContext; uniformCalls: string[] } {
  const uniformCalls: string[] = [];
  const gl = stubWebGl((name, args) => {
    if (name.startsWith('uniform')) uniformCalls.push(`${name} ${String(args[0])}`);
  });
  return { gl, uniformCalls };
}

/** A program info whose uniform locations are their names. */
function programWith(names: string[]) {
  return { program: {} as WebGLProgram, uniforms: new Map(names.map((name) => [name, name as unknown as WebGLUniformLocation])) };
}

function meshFrame(): MeshPassFrame {
  return {
    viewProjection: new Float32Array(16).map((_, i) => i + 1),
    cameraPosition: new Float32Array([0, 1, 3]),
    keyLightDirection: new Float32Array([0, 1, 0]),
    fillLightDirection: new Float32Array([1, 0, 0]),
    baseColor: new Float32Array([0.8, 0.7, 0.6]),
  };
}

describe('uniformChanged', () => {
  it('says whether the value differs from what was sent, and keeps the value', () => {
    const sent = unsentUniform(3);
    expect(uniformChanged(sent, [1, 2, 3])).toBe(true);
    expect(Array.from(sent)).toEqual([1, 2, 3]);
    expect(uniformChanged(sent, new Float32Array([1, 2, 3]))).toBe(false);
    expect(uniformChanged(sent, [1, 2, 4])).toBe(true);
    expect(Array.from(sent)).toEqual([1, 2, 4]);
  });
});

describe('beginMeshPass', () => {
  const names = ['u_palette', 'u_viewProjection', 'u_selectedJoint', 'u_cameraPosition', 'u_keyLightDirection', 'u_fillLightDirection', 'u_up', 'u_albedo'];

  it('sends every uniform the first time, none for the same frame again, and only what changed after', () => {
    const { gl, uniformCalls } = recordingContext();
    const pass = meshPassOf(programWith(names), SkinShader.CORRECT);
    const frame = meshFrame();
    beginMeshPass(gl, pass, frame);
    setMeshPassSelectedJoint(gl, pass, -1);
    expect(uniformCalls.map((call) => call.split(' ')[1]).sort()).toEqual([...names].sort());

    uniformCalls.length = 0;
    beginMeshPass(gl, pass, frame);
    setMeshPassSelectedJoint(gl, pass, -1);
    expect(uniformCalls).toEqual([]);

    frame.cameraPosition[2] = 4;
    frame.baseColor[0] = 0.2;
    beginMeshPass(gl, pass, frame);
    setMeshPassSelectedJoint(gl, pass, 3);
    expect(uniformCalls).toEqual(['uniform3fv u_cameraPosition', 'uniform3fv u_albedo', 'uniform1i u_selectedJoint']);
  });

  it('keeps what each pass sent apart: a second program gets every uniform', () => {
    const { gl, uniformCalls } = recordingContext();
    const frame = meshFrame();
    beginMeshPass(gl, meshPassOf(programWith(names), SkinShader.CORRECT), frame);
    uniformCalls.length = 0;
    beginMeshPass(gl, meshPassOf(programWith(names), SkinShader.CORRECT), frame);
    expect(uniformCalls).toHaveLength(7);
  });
});

describe('drawGroundPass', () => {
  it('sends the placement again only for a new placement, and the camera and colours when they change', () => {
    const { gl, uniformCalls } = recordingContext();
    const info = programWith(['u_viewProjection', 'u_center', 'u_halfSize', 'u_spacing', 'u_shadowRadius', 'u_lineColor', 'u_lineOpacity']);
    const pass: GroundPass = {
      info,
      vao: {} as WebGLVertexArrayObject,
      corners: {} as WebGLBuffer,
      viewProjection: 'u_viewProjection' as unknown as WebGLUniformLocation,
      center: 'u_center' as unknown as WebGLUniformLocation,
      halfSize: 'u_halfSize' as unknown as WebGLUniformLocation,
      spacing: 'u_spacing' as unknown as WebGLUniformLocation,
      shadowRadius: 'u_shadowRadius' as unknown as WebGLUniformLocation,
      lineColor: 'u_lineColor' as unknown as WebGLUniformLocation,
      lineOpacity: 'u_lineOpacity' as unknown as WebGLUniformLocation,
      sent: { viewProjection: unsentUniform(16), lineColor: unsentUniform(3), lineOpacity: Number.NaN, placement: null },
    };
    const placement = placeGround([-1, 0, -1], [1, 2, 1]);
    const viewProjection = new Float32Array(16).fill(0.5);
    const lineColor = new Float32Array([0.5, 0.5, 0.5]);
    drawGroundPass(gl, pass, placement, viewProjection, lineColor, 0.32);
    expect(uniformCalls).toHaveLength(7);

    uniformCalls.length = 0;
    drawGroundPass(gl, pass, placement, viewProjection, lineColor, 0.32);
    expect(uniformCalls).toEqual([]);

    viewProjection[3] = 0.25;
    lineColor[1] = 0.1;
    drawGroundPass(gl, pass, placeGround([-1, 0, -1], [1, 2, 1]), viewProjection, lineColor, 0.32);
    expect(uniformCalls.map((call) => call.split(' ')[1])).toEqual(['u_viewProjection', 'u_center', 'u_halfSize', 'u_spacing', 'u_shadowRadius', 'u_lineColor']);
  });
});
