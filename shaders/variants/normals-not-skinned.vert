// Break it: the normal is not skinned (replaces one region of shaders/skin.vert). LearnOpenGL's
// skeletal-animation shader computes a skinned normal per joint, then lets the bind-pose normal
// through; the light then stays painted on the mesh as it was in the bind pose.

// #region skin-normal
  v_skinnedNormal = a_normal;
// #endregion skin-normal
