// Break it: dual quaternions blended as they come (replaces one region of shaders/skin-dq.vert).
// q̂ and −q̂ are the same transform, but their weighted sum is not: where two joints' real parts
// lie on opposite sides of the sphere (turned more than 180° apart), the terms cancel, the blend
// shrinks towards zero and then flips, and the vertex swings the long way round.

// #region blend
  vec4 real = vec4(0.0);
  vec4 dual = vec4(0.0);
  for (int slot = 0; slot < 4; slot++) {
    float weight = a_weights[slot];
    if (!(weight > 0.0)) continue;
    vec4 jointReal, jointDual;
    jointDualQuaternion(a_joints[slot], jointReal, jointDual);
    real += weight * jointReal;
    dual += weight * jointDual;
  }
// #endregion blend
