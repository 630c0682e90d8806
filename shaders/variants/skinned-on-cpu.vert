// The mesh skinned on the CPU (replaces two regions of shaders/skin.vert): a_position and
// a_normal arrive already skinned by skinVertices (src/core/skin.ts) and pass through; the joints
// and weights still feed the weight-paint view. Everything else, and the fragment shader, is the
// GPU path's, so the two differ only in where the sum Σ wᵢ·Mᵢ·v was taken.

// #region skin
  v_skinnedPosition = a_position;
// #endregion skin

// #region skin-normal
  v_skinnedNormal = a_normal;
// #endregion skin-normal
