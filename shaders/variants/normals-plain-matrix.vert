// Break it: the normal multiplied by the skin matrix's 3×3 block itself (replaces one region of
// shaders/skin.vert). Right for rotations and uniform scale; under non-uniform scale the normal
// leans towards the stretched axis and stops being perpendicular to the surface.

// #region skin-normal
  v_skinnedNormal = normalize(mat3(skin) * a_normal);
// #endregion skin-normal
