// A mesh without a skin (replaces four regions of shaders/skin.vert): one matrix, its node's global
// matrix, moves every vertex, in place of the weighted sum of joint matrices. The normal goes
// through the same cofactor as a skinned one (skin-normal is unchanged), so a node scaled unevenly
// still lights correctly. The weight-paint view paints the whole part with one weight: 1 when its
// node hangs under the selected joint (nearest joint above it), else 0.

// #region palette-uniform
/** Global matrix of the node that places the mesh (model space ← the node's space), column-major. */
uniform mat4 u_nodeGlobal;
/** Weight the weight-paint view shows for the whole part, 0 or 1. */
uniform float u_partWeight;
// #endregion palette-uniform

// #region fetch-joint-matrix
// No joint matrices to fetch: the part reads its node's matrix, u_nodeGlobal.
// #endregion fetch-joint-matrix

// #region skin
  mat4 skin = u_nodeGlobal;
  v_skinnedPosition = (skin * vec4(a_position, 1.0)).xyz;
// #endregion skin

// #region selected-weight
  v_selectedWeight = u_partWeight;
// #endregion selected-weight
