import { mat4, quat, vec3 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import {
  composeTRSAt,
  copyFloats,
  copyMat4At,
  invertMat4At,
  lerpVec3At,
  multiplyMat4At,
  multiplyQuatAt,
  nlerpQuatAt,
  normalizeQuatAt,
  rotateVec3ByQuatAt,
  setIdentityAt,
  slerpQuatAt,
  transformPointAt,
} from '../../src/core/math.ts';
import {
  axisAngle,
  expectClose,
  expectFinite,
  randomAffine,
  randomIn,
  randomMat4,
  randomUnitQuat,
  seededRandom,
} from './helpers.ts';

/** Places `values` at `offset` inside a zero-filled array with `padding` spare floats after it. */
function embed(values: ArrayLike<number>, offset: number, padding = 3): Float32Array {
  const out = new Float32Array(offset + values.length + padding);
  out.set(values, offset);
  return out;
}

/** The quaternion's rotation angle in radians, in [0, π], treating q and −q alike. */
function rotationAngle(q: ArrayLike<number>): number {
  return 2 * Math.acos(Math.min(1, Math.abs(q[3])));
}

describe('setIdentityAt / copyMat4At', () => {
  it('writes the identity at an offset and leaves the neighbours alone', () => {
    const out = new Float32Array(20).fill(7);
    setIdentityAt(out, 2);
    expectClose(out.slice(2, 18), mat4.create(), 0);
    expect([out[0], out[1], out[18], out[19]]).toEqual([7, 7, 7, 7]);
  });

  it('copies one matrix between offsets', () => {
    const source = embed(randomMat4(seededRandom(1)), 5);
    const out = new Float32Array(40);
    copyMat4At(out, 16, source, 5);
    expectClose(out.slice(16, 32), source.slice(5, 21), 0);
    expectClose(out.slice(0, 16), new Float32Array(16), 0);
  });

  describe('invalid input', () => {
    it('an offset running past the end drops the excess writes without throwing', () => {
      const out = new Float32Array(20).fill(7);
      expect(() => setIdentityAt(out, 10)).not.toThrow();
      expect(Array.from(out.subarray(10))).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 0]);
      const copy = new Float32Array(8);
      expect(() => copyMat4At(copy, 0, mat4.create() as Float32Array, 0)).not.toThrow();
      expect(Array.from(copy)).toEqual([1, 0, 0, 0, 0, 1, 0, 0]);
    });
  });
});

describe('multiplyMat4At', () => {
  it('matches gl-matrix mat4.multiply on random matrices at offsets', () => {
    const random = seededRandom(11);
    for (let trial = 0; trial < 50; trial++) {
      const a = randomMat4(random), b = randomMat4(random);
      const expected = mat4.multiply(mat4.create(), a, b);
      const out = new Float32Array(40);
      multiplyMat4At(out, 7, embed(a, 3), 3, embed(b, 16), 16);
      expectClose(out.slice(7, 23), expected, 1e-5);
    }
  });

  it('gives a specific product: translate(1, 2, 3) × scale(2, 3, 4)', () => {
    const t = mat4.fromTranslation(mat4.create(), [1, 2, 3]) as Float32Array;
    const s = mat4.fromScaling(mat4.create(), [2, 3, 4]) as Float32Array;
    const out = new Float32Array(16);
    multiplyMat4At(out, 0, t, 0, s, 0);
    expect(Array.from(out)).toEqual([2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 1, 2, 3, 1]);
  });

  it('allows out to be a, b, or both', () => {
    const random = seededRandom(12);
    const a = randomMat4(random), b = randomMat4(random);
    const expected = mat4.multiply(mat4.create(), a, b);
    const intoA = embed(a, 4);
    multiplyMat4At(intoA, 4, intoA, 4, b, 0);
    expectClose(intoA.slice(4, 20), expected, 1e-5, 'out === a');
    const intoB = embed(b, 2);
    multiplyMat4At(intoB, 2, a, 0, intoB, 2);
    expectClose(intoB.slice(2, 18), expected, 1e-5, 'out === b');
    const square = Float32Array.from(a);
    multiplyMat4At(square, 0, square, 0, square, 0);
    expectClose(square, mat4.multiply(mat4.create(), a, a), 1e-5, 'out === a === b');
  });

  describe('invalid input', () => {
    it('propagates NaN only into the columns that read it, without throwing', () => {
      const a = mat4.create() as Float32Array;
      const b = mat4.create() as Float32Array;
      b[12] = NaN;
      const out = new Float32Array(16);
      expect(() => multiplyMat4At(out, 0, a, 0, b, 0)).not.toThrow();
      expectClose(out.slice(0, 12), a.slice(0, 12), 0);
      expect(Number.isNaN(out[12])).toBe(true);
    });
  });
});

describe('composeTRSAt', () => {
  it('matches gl-matrix mat4.fromRotationTranslationScale on random inputs at offsets', () => {
    const random = seededRandom(21);
    for (let trial = 0; trial < 50; trial++) {
      const t = new Float32Array([randomIn(random, -5, 5), randomIn(random, -5, 5), randomIn(random, -5, 5)]);
      const q = randomUnitQuat(random);
      const s = new Float32Array([randomIn(random, -2, 2), randomIn(random, 0.1, 2), randomIn(random, 0.1, 2)]);
      const expected = mat4.fromRotationTranslationScale(mat4.create(), q, t, s);
      const out = new Float32Array(48);
      composeTRSAt(out, 16, embed(t, 6), 6, embed(q, 4), 4, embed(s, 9), 9);
      expectClose(out.slice(16, 32), expected, 1e-6);
    }
  });

  it('gives a specific matrix: T(1, 2, 3) × R(90° about Z) × S(2, 1, 1)', () => {
    const out = new Float32Array(16);
    composeTRSAt(out, 0, new Float32Array([1, 2, 3]), 0, axisAngle(0, 0, 1, Math.PI / 2), 0, new Float32Array([2, 1, 1]), 0);
    // x axis → scaled by 2 then turned onto +Y; y axis → −X; z unchanged.
    expectClose(out, [0, 2, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1], 1e-6);
  });

  describe('invalid input', () => {
    it('keeps a zero scale and a zero quaternion finite', () => {
      const out = new Float32Array(16);
      composeTRSAt(out, 0, new Float32Array(3), 0, new Float32Array(4), 0, new Float32Array([0, 0, 0]), 0);
      expectFinite(out);
      expectClose(out, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], 0);
    });
  });
});

describe('invertMat4At', () => {
  it('matches gl-matrix mat4.invert and gives A × A⁻¹ = I', () => {
    const random = seededRandom(31);
    for (let trial = 0; trial < 50; trial++) {
      const a = randomAffine(random);
      const expected = mat4.invert(mat4.create(), a);
      if (expected === null) continue;
      const out = new Float32Array(20);
      expect(invertMat4At(out, 2, embed(a, 1), 1)).toBe(out);
      const inverse = out.slice(2, 18);
      expectClose(inverse, expected, 1e-3 * Math.max(1, ...Array.from(expected, Math.abs)));
      const product = new Float32Array(16);
      multiplyMat4At(product, 0, a, 0, inverse, 0);
      expectClose(product, mat4.create(), 1e-3);
    }
  });

  it('inverts a specific matrix exactly: translate(1, 2, 3) × scale(2, 4, 8)', () => {
    const a = new Float32Array([2, 0, 0, 0, 0, 4, 0, 0, 0, 0, 8, 0, 1, 2, 3, 1]);
    const out = new Float32Array(16);
    invertMat4At(out, 0, a, 0);
    expect(Array.from(out)).toEqual([0.5, 0, 0, 0, 0, 0.25, 0, 0, 0, 0, 0.125, 0, -0.5, -0.5, -0.375, 1]);
  });

  it('allows out to be the input', () => {
    const a = randomAffine(seededRandom(32));
    const expected = mat4.invert(mat4.create(), a)!;
    const inPlace = Float32Array.from(a);
    expect(invertMat4At(inPlace, 0, inPlace, 0)).toBe(inPlace);
    expectClose(inPlace, expected, 1e-3);
  });

  describe('invalid input', () => {
    it('returns null and leaves out untouched for a singular matrix', () => {
      const singular = new Float32Array([1, 2, 3, 0, 2, 4, 6, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
      const out = new Float32Array(16).fill(5);
      expect(invertMat4At(out, 0, singular, 0)).toBeNull();
      expect(Array.from(out)).toEqual(new Array(16).fill(5));
    });

    it('returns null for NaN or infinite entries', () => {
      const out = new Float32Array(16).fill(5);
      const withNaN = mat4.create() as Float32Array;
      withNaN[5] = NaN;
      expect(invertMat4At(out, 0, withNaN, 0)).toBeNull();
      const withInfinity = mat4.create() as Float32Array;
      withInfinity[0] = Infinity;
      expect(invertMat4At(out, 0, withInfinity, 0)).toBeNull();
      expect(Array.from(out)).toEqual(new Array(16).fill(5));
    });
  });
});

describe('transformPointAt', () => {
  it('matches gl-matrix vec3.transformMat4 for affine matrices, and allows out === p', () => {
    const random = seededRandom(41);
    const m = randomAffine(random);
    const p = new Float32Array([0.3, -1.2, 2.5]);
    const expected = vec3.transformMat4(vec3.create(), p, m);
    const out = new Float32Array(6);
    transformPointAt(out, 3, embed(m, 2), 2, p, 0);
    expectClose(out.slice(3), expected, 1e-5);
    transformPointAt(p, 0, m, 0, p, 0);
    expectClose(p, expected, 1e-5);
  });

  describe('invalid input', () => {
    it('ignores the bottom row (no perspective divide), so a zero w row cannot produce Infinity', () => {
      const m = new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 4, 5, 6, 0]);
      const out = new Float32Array(3);
      transformPointAt(out, 0, m, 0, new Float32Array([1, 1, 1]), 0);
      expect(Array.from(out)).toEqual([5, 6, 7]);
    });
  });
});

describe('multiplyQuatAt / rotateVec3ByQuatAt', () => {
  it('matches gl-matrix quat.multiply and vec3.transformQuat', () => {
    const random = seededRandom(51);
    for (let trial = 0; trial < 30; trial++) {
      const a = randomUnitQuat(random), b = randomUnitQuat(random);
      const product = new Float32Array(8);
      multiplyQuatAt(product, 4, embed(a, 1), 1, b, 0);
      expectClose(product.slice(4), quat.multiply(quat.create(), a, b), 1e-6);
      const v = new Float32Array([randomIn(random, -3, 3), randomIn(random, -3, 3), randomIn(random, -3, 3)]);
      const rotated = new Float32Array(3);
      rotateVec3ByQuatAt(rotated, 0, a, 0, v, 0);
      expectClose(rotated, vec3.transformQuat(vec3.create(), v, a), 1e-5);
    }
  });

  it('rotates +X by 90° about Z onto +Y', () => {
    const out = new Float32Array(3);
    rotateVec3ByQuatAt(out, 0, axisAngle(0, 0, 1, Math.PI / 2), 0, new Float32Array([1, 0, 0]), 0);
    expectClose(out, [0, 1, 0], 1e-7);
  });

  it('allows out to be an input', () => {
    const random = seededRandom(52);
    const a = randomUnitQuat(random), b = randomUnitQuat(random);
    const expected = quat.multiply(quat.create(), a, b);
    const intoA = Float32Array.from(a);
    multiplyQuatAt(intoA, 0, intoA, 0, b, 0);
    expectClose(intoA, expected, 1e-6, 'out === a');
    const intoB = Float32Array.from(b);
    multiplyQuatAt(intoB, 0, a, 0, intoB, 0);
    expectClose(intoB, expected, 1e-6, 'out === b');
    const v = new Float32Array([1, 2, 3]);
    const expectedV = vec3.transformQuat(vec3.create(), v, a);
    rotateVec3ByQuatAt(v, 0, a, 0, v, 0);
    expectClose(v, expectedV, 1e-5, 'out === v');
  });

  describe('invalid input', () => {
    it('a zero quaternion gives zero products and leaves vectors finite', () => {
      const out = new Float32Array(4);
      multiplyQuatAt(out, 0, new Float32Array(4), 0, randomUnitQuat(seededRandom(53)), 0);
      expect(Array.from(out).map(Math.abs)).toEqual([0, 0, 0, 0]);
      const v = new Float32Array(3);
      rotateVec3ByQuatAt(v, 0, new Float32Array(4), 0, new Float32Array([1, 2, 3]), 0);
      expect(Array.from(v)).toEqual([1, 2, 3]);
    });
  });
});

describe('slerpQuatAt', () => {
  it('matches gl-matrix quat.slerp on random pairs on the same hemisphere', () => {
    const random = seededRandom(61);
    for (let trial = 0; trial < 100; trial++) {
      const a = randomUnitQuat(random);
      const b = randomUnitQuat(random);
      if (quat.dot(a, b) < 0) quat.scale(b, b, -1);
      const t = random();
      const out = new Float32Array(12);
      slerpQuatAt(out, 5, embed(a, 2), 2, embed(b, 7), 7, t);
      expectClose(out.slice(5, 9), quat.slerp(quat.create(), a, b, t), 1e-5);
    }
  });

  it('moves at constant angular speed: a quarter of 90° about Y is 22.5°', () => {
    const out = new Float32Array(4);
    slerpQuatAt(out, 0, axisAngle(0, 1, 0, 0), 0, axisAngle(0, 1, 0, Math.PI / 2), 0, 0.25);
    expectClose(out, [0, Math.sin(Math.PI / 16), 0, Math.cos(Math.PI / 16)], 1e-7);
  });

  it('takes the shorter arc when a·b < 0 (b and −b are the same rotation)', () => {
    const a = axisAngle(0, 0, 1, 0.2);
    const b = axisAngle(0, 0, 1, 0.6);
    const negatedB = b.map((c) => -c);
    const out = new Float32Array(4);
    slerpQuatAt(out, 0, a, 0, negatedB, 0, 0.5);
    // The long way round would pass through a rotation of ≈ π; the short way is 0.4 rad about Z.
    expectClose(out, axisAngle(0, 0, 1, 0.4), 1e-6);
    expect(rotationAngle(out)).toBeLessThan(0.5);
  });

  it('hits the end points exactly enough at t = 0 and t = 1', () => {
    const random = seededRandom(62);
    const a = randomUnitQuat(random), b = randomUnitQuat(random);
    if (quat.dot(a, b) < 0) quat.scale(b, b, -1);
    const out = new Float32Array(4);
    slerpQuatAt(out, 0, a, 0, b, 0, 0);
    expectClose(out, a, 1e-6);
    slerpQuatAt(out, 0, a, 0, b, 0, 1);
    expectClose(out, b, 1e-6);
  });

  it('allows out to be a or b', () => {
    const a = axisAngle(1, 0, 0, 0.3), b = axisAngle(0, 1, 0, 1.1);
    const expected = quat.slerp(quat.create(), a, b, 0.3);
    const intoA = Float32Array.from(a);
    slerpQuatAt(intoA, 0, intoA, 0, b, 0, 0.3);
    expectClose(intoA, expected, 1e-6, 'out === a');
    const intoB = Float32Array.from(b);
    slerpQuatAt(intoB, 0, a, 0, intoB, 0, 0.3);
    expectClose(intoB, expected, 1e-6, 'out === b');
  });

  describe('invalid input', () => {
    it('falls back to nlerp for nearly parallel quaternions and stays unit length', () => {
      const a = axisAngle(0, 1, 0, 1);
      const b = axisAngle(0, 1, 0, 1 + 1e-4);
      const out = new Float32Array(4);
      slerpQuatAt(out, 0, a, 0, b, 0, 0.5);
      expectFinite(out);
      expectClose(Math.hypot(...out), 1, 1e-6);
      expectClose(out, axisAngle(0, 1, 0, 1 + 0.5e-4), 1e-6);
    });

    it('returns a for identical inputs and for q, −q', () => {
      const a = axisAngle(0.6, 0.8, 0, 2);
      const out = new Float32Array(4);
      slerpQuatAt(out, 0, a, 0, a, 0, 0.7);
      expectClose(out, a, 1e-7);
      slerpQuatAt(out, 0, a, 0, a.map((c) => -c), 0, 0.7);
      expectClose(out, a, 1e-7);
    });

    it('gives equal keys stored off unit length back exactly, and does not inflate nearby ones', () => {
      const held = new Float32Array([0, 0, 0.707, 0.707]);
      const out = new Float32Array(4);
      slerpQuatAt(out, 0, held, 0, held, 0, 0.4);
      expect(Array.from(out)).toEqual(Array.from(held));
      const turned = new Float32Array([0, 0, 0.383, 0.924]);
      slerpQuatAt(out, 0, turned, 0, held, 0, 0.5);
      const length = Math.hypot(...out);
      expect(length).toBeLessThanOrEqual(Math.max(Math.hypot(...turned), Math.hypot(...held)) + 1e-7);
      expect(length).toBeGreaterThanOrEqual(Math.min(Math.hypot(...turned), Math.hypot(...held)) - 1e-7);
    });

    it('does not produce NaN from zero quaternions', () => {
      const out = new Float32Array(4);
      slerpQuatAt(out, 0, new Float32Array(4), 0, new Float32Array(4), 0, 0.5);
      expectFinite(out);
    });
  });
});

describe('nlerpQuatAt', () => {
  it('normalises, takes the shorter arc, and differs from slerp in the middle of a wide arc', () => {
    const a = axisAngle(0, 0, 1, 0);
    const b = axisAngle(0, 0, 1, 2.5).map((c) => -c);
    const out = new Float32Array(4);
    nlerpQuatAt(out, 0, a, 0, b, 0, 0.25);
    expectClose(Math.hypot(...out), 1, 1e-6);
    // Hand-computed: lerp of (0,0,0,1) and (0,0,sin 1.25,cos 1.25) at 0.25, normalised.
    const z = 0.25 * Math.sin(1.25), w = 0.75 + 0.25 * Math.cos(1.25);
    const length = Math.hypot(z, w);
    expectClose(out, [0, 0, z / length, w / length], 1e-6);
    const slerped = new Float32Array(4);
    slerpQuatAt(slerped, 0, a, 0, b, 0, 0.25);
    expect(Math.abs(slerped[2] - out[2])).toBeGreaterThan(1e-3);
  });

  describe('invalid input', () => {
    it('gives the identity when the blend cancels to zero length', () => {
      const out = new Float32Array(4);
      nlerpQuatAt(out, 0, new Float32Array(4), 0, new Float32Array(4), 0, 0.5);
      expect(Array.from(out)).toEqual([0, 0, 0, 1]);
    });
  });
});

describe('normalizeQuatAt / lerpVec3At / copyFloats', () => {
  it('normalises to unit length, in place', () => {
    const q = new Float32Array([0, 3, 0, 4]);
    normalizeQuatAt(q, 0, q, 0);
    expectClose(q, [0, 0.6, 0, 0.8], 1e-7);
  });

  it('lerps 3-vectors at offsets', () => {
    const out = new Float32Array(4);
    lerpVec3At(out, 1, new Float32Array([0, 2, 4]), 0, new Float32Array([9, 4, 8, 12]), 1, 0.25);
    expectClose(out, [0, 1, 3.5, 6], 1e-7);
  });

  it('copies arrays of equal length whole', () => {
    const out = new Float32Array(3);
    copyFloats(out, new Float32Array([1, 2, 3]));
    expect(Array.from(out)).toEqual([1, 2, 3]);
  });

  describe('invalid input', () => {
    it('normalises zero, NaN and infinite quaternions to the identity', () => {
      for (const bad of [[0, 0, 0, 0], [NaN, 0, 0, 1], [Infinity, 0, 0, 1]]) {
        const out = new Float32Array(4);
        normalizeQuatAt(out, 0, new Float32Array(bad), 0);
        expect(Array.from(out)).toEqual([0, 0, 0, 1]);
      }
    });

    it('copyFloats copies only the common prefix when lengths differ', () => {
      const short = new Float32Array(2);
      expect(() => copyFloats(short, new Float32Array([1, 2, 3]))).not.toThrow();
      expect(Array.from(short)).toEqual([1, 2]);
      const long = new Float32Array(4).fill(9);
      copyFloats(long, new Float32Array([1, 2]));
      expect(Array.from(long)).toEqual([1, 2, 9, 9]);
    });
  });
});
