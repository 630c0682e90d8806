// Break it: the joint indices bound with vertexAttribPointer, no "I" (replaces one region of
// shaders/skin.vert). WebGL2 refuses to draw when a float attribute feeds a `uvec4` input; many
// desktop drivers draw anyway and hand the shader the float's bit pattern as the integer. This
// variant does what those drivers do: joint 1 arrives as 1.0, whose bits read 1065353216.

// #region joint-attribute
layout(location = 2) in vec4 a_jointsAsFloats;
#define a_joints floatBitsToUint(a_jointsAsFloats)
// #endregion joint-attribute
