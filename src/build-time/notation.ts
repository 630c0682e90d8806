// Every symbol the chapters typeset, for the Notation page (src/pages/notation.astro): what it
// stands for, what it maps between (or what kind of value it is), and the chapter that introduces
// it in that sense. tests/unit/notation.test.ts reads the chapters' maths and checks that each
// entry's chapter is the first to use it, and that every letter the chapters use has an entry.

/** One symbol in one sense. In `meaning` and `space`, `$…$` is TeX and `` `…` `` is code. */
export interface NotationEntry {
  /** The symbol as the chapters write it (TeX). */
  tex: string;
  meaning: string;
  /** The spaces it maps between, for a matrix; what kind of value it is, otherwise. */
  space: string;
  /** The chapter that first uses the symbol in this sense. */
  chapter: number;
  /**
   * Matches a formula that uses the symbol in this sense, as the chapter's MDX writes it (TeX with
   * runs of white space collapsed to one space). The first chapter with a match must be `chapter`.
   */
  usage: RegExp;
  /**
   * The Latin letters and Greek-letter commands (`\theta`) this entry accounts for. Every one the
   * chapters' maths uses must appear in some entry.
   */
  letters: readonly string[];
}

/**
 * The chapters whose symbols the table lists in full (the test checks every letter of their
 * formulas). A chapter written later is named on the page as not yet listed until it is added.
 */
export const coveredChapters: readonly number[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 10];

/** Orders among `written` (the chapters that exist) whose symbols the table does not list yet. */
export function chaptersNotCovered(written: readonly number[], covered: readonly number[] = coveredChapters): number[] {
  return written.filter((order) => !covered.includes(order)).sort((a, b) => a - b);
}

/** The entries, in the order the page lists them: by chapter, then as the chapter meets them. */
export const notation: readonly NotationEntry[] = [
  // Chapter 1: bones and the hierarchy.
  {
    tex: 'i',
    meaning: 'A node: its index in the flattened hierarchy. From chapter 2 on, inside a sum over a vertex’s influences, $i$ counts the influences instead.',
    space: 'integer; parents come before children',
    chapter: 1,
    usage: /G_i\b/,
    letters: ['i'],
  },
  {
    tex: 'p(i)',
    meaning: 'The parent of node $i$. A root has none: the core stores −1 in its `parents` array.',
    space: 'integer, $p(i) < i$ in the core’s order',
    chapter: 1,
    usage: /p\(i\)/,
    letters: ['p'],
  },
  {
    tex: 'L_i',
    meaning: 'Local matrix of node $i$: its transform relative to its parent, $L_i = T\\,R\\,S$ from its translation, rotation and scale.',
    space: 'node $i$’s frame → the frame of $p(i)$',
    chapter: 1,
    usage: /L_i\b/,
    letters: ['L'],
  },
  {
    tex: 'G_i',
    meaning: 'Global matrix of node $i$: $G_i = G_{p(i)}\\,L_i$, the product of the locals from the root down.',
    space: 'node $i$’s frame → model space (the frame of the root of the node tree)',
    chapter: 1,
    usage: /G_i = G_\{p\(i\)\}/,
    letters: ['G'],
  },
  {
    tex: 'T(t),\\ R(r),\\ S(s)',
    meaning: 'A translation, a rotation and a scale as 4 × 4 matrices. $L = T\\,R\\,S$ scales a point first, then rotates it, then translates it.',
    space: '4 × 4 matrices, column vectors',
    chapter: 1,
    usage: /T\(t\)\\,R\(r\)\\,S\(s\)/,
    letters: ['T', 'R', 'S'],
  },
  {
    tex: 't,\\ r,\\ s',
    meaning: 'A node’s translation, rotation and scale as files store them and keys animate them.',
    space: '$t$: 3 floats in the parent’s units; $r$: a unit quaternion; $s$: 3 unitless factors',
    chapter: 1,
    usage: /R\(r\)/,
    letters: ['t', 'r', 's'],
  },
  {
    tex: 'R_z(\\theta)',
    meaning: 'The rotation by the angle $\\theta$ about the $z$ axis, as a 3 × 3 block.',
    space: '3 × 3 rotation; $\\theta$ in degrees or radians as written',
    chapter: 1,
    usage: /R_z\(\\theta\)/,
    letters: ['\\theta'],
  },
  {
    tex: 'q = (x, y, z, w)',
    meaning: 'A rotation as a unit quaternion, scalar part $w$ last (as in glTF and gl-matrix); $q\\,x$ is the vector $x$ rotated by $q$.',
    space: 'unit quaternion',
    chapter: 1,
    usage: /q\\,x\b/,
    letters: ['q'],
  },
  {
    tex: 'x,\\ y,\\ z,\\ w',
    meaning: 'Coordinates and axes. $w$ is a quaternion’s scalar part, or a point’s homogeneous coordinate (1 for a stored vertex).',
    space: 'numbers; axes of the frame in use',
    chapter: 1,
    usage: /\(x, y, z, w\)/,
    letters: ['x', 'y', 'z', 'w'],
  },
  {
    tex: 'A(B(x))',
    meaning: 'Two rigid transforms composed, $B$ applied first. $q_a, t_a$ and $q_b, t_b$ are their rotations and translations: $q = q_a\\,q_b$, $t = t_a + q_a\\,t_b$.',
    space: 'rigid transforms (rotation, then translation)',
    chapter: 1,
    usage: /A\(B\(x\)\)/,
    letters: ['A', 'B', 'a', 'b'],
  },
  {
    tex: '4c + r',
    meaning: 'Where the element in row $r$, column $c$ of a 4 × 4 matrix is stored: column-major order, as in glTF, WebGL and gl-matrix.',
    space: 'array index, 0–15',
    chapter: 1,
    usage: /4c \+ r/,
    letters: ['c'],
  },

  // Chapter 2: skin weights.
  {
    tex: 'j,\\ j_i',
    meaning: 'A joint: its index in the skin’s joint list, as `JOINTS_0` stores it (not a node index). $j_i$ is the joint of a vertex’s $i$-th influence.',
    space: 'integer, 0 … joints − 1',
    chapter: 2,
    usage: /M_\{j_i\}/,
    letters: ['j'],
  },
  {
    tex: 'M_j',
    meaning: 'Skinning matrix of joint $j$, built in chapter 4 as $M_j = G_j\\,B_j^{-1}$. One per joint: together, the matrix palette.',
    space: 'bind-pose model space → model space now',
    chapter: 2,
    usage: /M_j\b/,
    letters: ['M'],
  },
  {
    tex: "v,\\ v'",
    meaning: 'A vertex as stored, $v = (x, y, z, 1)$, and where skinning puts it, $v\'$.',
    space: '$v$: model space in the bind pose; $v\'$: model space now',
    chapter: 2,
    usage: /v' = M_j/,
    letters: ['v'],
  },
  {
    tex: 'w_i',
    meaning: 'Weight of a vertex’s $i$-th influence: in $[0, 1]$, and $\\sum_i w_i = 1$ over the vertex.',
    space: 'number in [0, 1]',
    chapter: 2,
    usage: /w_i\b/,
    letters: [],
  },
  {
    tex: 'n',
    meaning: 'The number of influences of a vertex: four at most on this site, after the loader keeps the largest.',
    space: 'integer, 1–4',
    chapter: 2,
    usage: /j_1 \\dots j_n/,
    letters: ['n'],
  },
  {
    tex: 's',
    meaning: 'The sum of a vertex’s weights, when it is not 1: the vertex lands $s$ times as far from the origin as it should.',
    space: 'number',
    chapter: 2,
    usage: /^s = 0\.5$/,
    letters: [],
  },
  {
    tex: 'k',
    meaning: 'A vertex of a mesh, by its index, when the weights are regrouped vertex by vertex.',
    space: 'integer',
    chapter: 2,
    usage: /^k$/,
    letters: ['k'],
  },
  {
    tex: 'b',
    meaning: 'A weight stored as an unsigned byte, $b \\in [0, 255]$, read by the GPU as $b / 255$.',
    space: 'integer, 0–255',
    chapter: 2,
    usage: /b \\in \[0, 255\]/,
    letters: [],
  },

  // Chapter 3: bind pose.
  {
    tex: 'B_j',
    meaning: 'Global matrix of joint $j$ in the bind pose, the pose the mesh was modelled and skinned in.',
    space: 'joint $j$’s frame → model space, at bind time',
    chapter: 3,
    usage: /^B_j$/,
    letters: [],
  },
  {
    tex: 'B_j^{-1}',
    meaning: 'Inverse bind matrix, or offset matrix: glTF’s `inverseBindMatrices`, Assimp’s `mOffsetMatrix`, three.js’s `boneInverses`.',
    space: 'model space → joint $j$’s frame, at bind time',
    chapter: 3,
    usage: /B_j\^\{-1\}/,
    letters: [],
  },
  {
    tex: 'G_j',
    meaning: 'Global matrix of joint $j$ now: the $G_i$ of the joint’s node.',
    space: 'joint $j$’s frame → model space, now',
    chapter: 3,
    usage: /G_j\b/,
    letters: [],
  },

  // Chapter 4: offset matrices.
  {
    tex: 'A^{\\mathsf T}',
    meaning: 'The transpose of a matrix. It reverses products, $(A\\,B)^{\\mathsf T} = B^{\\mathsf T} A^{\\mathsf T}$: why row-vector texts write offset × global for $G_j\\,B_j^{-1}$.',
    space: 'same size as $A$',
    chapter: 4,
    usage: /\\mathsf\s*\{?T\}?/,
    letters: [],
  },

  // Chapter 5: hierarchy traversal.
  {
    tex: 't_{\\text{rest}},\\ q_{\\text{rest}}',
    meaning: 'A node’s rest translation and rotation: its own, when no key drives it. Keys replace them rather than add to them.',
    space: 'as $t$ and $q$',
    chapter: 5,
    usage: /t_\{\\text\{rest\}\}/,
    letters: [],
  },

  // Chapter 6: global inverse transform.
  {
    tex: 'N',
    meaning: 'World matrix of the node the skinned mesh hangs on. glTF says to ignore it for a skinned mesh; the old glTF tutorial cancelled it with $N^{-1}$.',
    space: 'mesh node’s frame → scene',
    chapter: 6,
    usage: /N\^\{-1\}/,
    letters: ['N'],
  },
  {
    tex: 'R',
    meaning: 'Transform of the root node of the tree (ogldev’s `mRootNode->mTransformation`). $R^{-1}$ is ogldev’s `m_GlobalInverseTransform`.',
    space: 'root’s frame → scene',
    chapter: 6,
    usage: /R\^\{-1\} \\, G_j/,
    letters: [],
  },
  {
    tex: 'P',
    meaning: 'The matrix a renderer puts in front of the palette: $I$ in glTF, $N^{-1}$ in the old glTF tutorial, $R^{-1}$ in ogldev, `bindMatrixInverse` in three.js.',
    space: '4 × 4 matrix',
    chapter: 6,
    usage: /P = W = I/,
    letters: ['P'],
  },
  {
    tex: 'W',
    meaning: 'The model matrix a renderer draws the skinned mesh with. Two renderers agree when their products $W\\,P$ agree.',
    space: 'model space → scene',
    chapter: 6,
    usage: /W \\, P/,
    letters: ['W'],
  },
  {
    tex: 'X',
    meaning: 'The placement the palette carries in the bind pose: $G_j\\,B_j^{-1}$ there, the same matrix for every joint of a sound file.',
    space: '4 × 4 matrix',
    chapter: 6,
    usage: /R\^\{-1\} X/,
    letters: ['X'],
  },
  {
    tex: 'Q',
    meaning: 'three.js’s `bindMatrix`, applied to the vertices before the palette.',
    space: 'mesh space → bind space',
    chapter: 6,
    usage: /Q \\, v/,
    letters: ['Q'],
  },
  {
    tex: 'I',
    meaning: 'The identity matrix.',
    space: '4 × 4 matrix',
    chapter: 6,
    usage: /= I\b/,
    letters: ['I'],
  },

  // Chapter 7: keyframe interpolation.
  {
    tex: 't,\\ t_k',
    meaning: 'A time in the clip, and the time of key $k$ (not chapter 1’s translation).',
    space: 'seconds',
    chapter: 7,
    usage: /t_k \\le t/,
    letters: [],
  },
  {
    tex: 'k',
    meaning: 'A key of a channel, by its index: the time lies between keys $k$ and $k + 1$, $t_k \\le t < t_{k+1}$.',
    space: 'integer',
    chapter: 7,
    usage: /t_\{k\+1\}/,
    letters: [],
  },
  {
    tex: 'u',
    meaning: 'How far the time lies from key $k$ to key $k + 1$: $u = (t - t_k) / (t_{k+1} - t_k)$.',
    space: 'number in [0, 1)',
    chapter: 7,
    usage: /u = \\frac/,
    letters: ['u'],
  },
  {
    tex: 'v_k,\\ v(u)',
    meaning: 'The value of key $k$ (a translation, a rotation or a scale), and the value interpolated at $u$.',
    space: 'as the channel',
    chapter: 7,
    usage: /v_k\b/,
    letters: [],
  },
  {
    tex: 'a_k,\\ b_k',
    meaning: 'The in-tangent and out-tangent of key $k$ in a `CUBICSPLINE` sampler.',
    space: 'channel units per second',
    chapter: 7,
    usage: /a_\{k\+1\}/,
    letters: [],
  },
  {
    tex: 't_d',
    meaning: 'The length of a key interval, $t_{k+1} - t_k$, which scales the tangents in the Hermite form.',
    space: 'seconds',
    chapter: 7,
    usage: /t_d = t_\{k\+1\} - t_k/,
    letters: ['d'],
  },
  {
    tex: 'n',
    meaning: 'The number of keys of a channel: a binary search takes about $\\log_2 n$ comparisons.',
    space: 'integer',
    chapter: 7,
    usage: /\\log_2 n/,
    letters: [],
  },
  {
    tex: '\\theta,\\ a',
    meaning: 'The angle between two quaternions, $\\cos\\theta = q_a \\cdot q_b$; glTF writes $a = \\arccos\\lvert q_a \\cdot q_b \\rvert$.',
    space: 'radians',
    chapter: 7,
    usage: /\\cos\\theta = q_a \\cdot q_b/,
    letters: [],
  },
  {
    tex: '-q',
    meaning: 'The negation of a quaternion: the same rotation as $q$, on the other side of the sphere.',
    space: 'unit quaternion',
    chapter: 7,
    usage: /^-q$/,
    letters: [],
  },
  {
    tex: 's',
    meaning: 'In glTF’s slerp, the sign of $q_a \\cdot q_b$; under “Nlerp”, the length of a quaternion that was not normalised.',
    space: '±1; a length',
    chapter: 7,
    usage: /\+ s\\,\\frac/,
    letters: [],
  },

  // Chapter 8: the skinning shader.
  {
    tex: 'S',
    meaning: 'The skin matrix of a vertex, $S = \\sum_i w_i\\,M_{j_i}$: the blend of its joints’ matrices, applied once.',
    space: 'bind-pose model space → model space now',
    chapter: 8,
    usage: /S = \\sum/,
    letters: [],
  },
  {
    tex: 'A,\\ A^{-\\mathsf T}',
    meaning: 'The upper-left 3 × 3 block of a skin matrix, and its inverse transpose, which normals transform with.',
    space: '3 × 3 matrices',
    chapter: 8,
    usage: /A\^\{-\\mathsf\{T\}\}/,
    letters: [],
  },
  {
    tex: "n,\\ n',\\ t,\\ t'",
    meaning: 'A normal and a tangent as stored, and skinned.',
    space: 'directions in model space',
    chapter: 8,
    usage: /n = \(1, 1, 0\)/,
    letters: [],
  },
  {
    tex: '(c, j)',
    meaning: 'A texel of the bone texture: it holds column $c$ of $M_j$.',
    space: 'texel coordinates',
    chapter: 8,
    usage: /\(c, j\)/,
    letters: [],
  },

  // Chapter 10: dual quaternion skinning.
  {
    tex: 'R_\\theta',
    meaning: 'The rotation by $\\theta$ about the tube’s axis ($R_0$: none); $r$ is the tube’s radius.',
    space: '3 × 3 rotation; a length',
    chapter: 10,
    usage: /R_\\theta/,
    letters: [],
  },
  {
    tex: '\\hat q = q_r + \\varepsilon q_d',
    meaning: 'A dual quaternion: real part $q_r$ (the rotation), dual part $q_d = \\tfrac12\\,t\\,q_r$ (the translation $t$), with $\\varepsilon^2 = 0$.',
    space: 'rigid transform, 8 floats',
    chapter: 10,
    usage: /\\hat q = q_r \+ \\varepsilon q_d/,
    letters: ['\\varepsilon'],
  },
  {
    tex: '\\hat b,\\ \\hat c',
    meaning: 'The weighted sum of a vertex’s joints’ dual quaternions, and the same normalised by the length of its real part $b_r$; $c_r$ and $c_d$ are $\\hat c$’s parts.',
    space: 'dual quaternions',
    chapter: 10,
    usage: /\\hat b = \\sum/,
    letters: [],
  },
  {
    tex: 'q^{*}',
    meaning: 'The conjugate of a quaternion: its inverse, for a unit quaternion.',
    space: 'quaternion',
    chapter: 10,
    usage: /\^\{\*\}/,
    letters: [],
  },
];

/** The chapters the entries come from, in order, with their entries. */
export function notationByChapter(entries: readonly NotationEntry[] = notation): { chapter: number; entries: NotationEntry[] }[] {
  const groups = new Map<number, NotationEntry[]>();
  for (const entry of entries) {
    const group = groups.get(entry.chapter) ?? [];
    group.push(entry);
    groups.set(entry.chapter, group);
  }
  return [...groups.entries()].sort(([a], [b]) => a - b).map(([chapter, list]) => ({ chapter, entries: list }));
}
