// Lighting without a normal attribute (replaces one region of shaders/shade.frag), for meshes
// whose positions alone were skinned on the CPU: the triangle's own normal, from how the position
// changes from one pixel to the next. Each triangle is lit flat, and the normal always faces the
// camera, so no back-face test is needed.

// #region surface-normal
  vec3 normal = normalize(cross(dFdx(v_skinnedPosition), dFdy(v_skinnedPosition)));
// #endregion surface-normal
