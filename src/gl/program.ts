// Compiling and linking GLSL ES 3.00 programs with errors a reader can act on.
//
// Drivers report compile errors as "ERROR: 0:42: 'x' : undeclared identifier", where 0 is a
// source-string index nobody remembers. createProgram rewrites each such line to
// "shaders/skin.vert:42: 'x' : undeclared identifier" followed by the offending source line, and
// throws a ShaderError (a SetupError) carrying that text: program creation is set-up work, and
// the figure shows the message in place of its canvas.

import { SetupError } from '../core/setup-error.ts';

/** A shader's text and the repository path it came from (used only in messages). */
export interface ShaderSource {
  /** e.g. "shaders/skin.vert". */
  name: string;
  source: string;
}

/** A linked program and the locations of its active uniforms, by name. */
export interface ProgramInfo {
  program: WebGLProgram;
  /** Active uniforms; array uniforms are listed by their base name ("u_x" for "u_x[0]"). */
  uniforms: Map<string, WebGLUniformLocation>;
}

/** A shader failed to compile or a program failed to link; the message names file and line. */
export class ShaderError extends SetupError {
  constructor(message: string) {
    super(message);
    this.name = 'ShaderError';
  }
}

const logLine = /^(?:ERROR|WARNING):\s*\d+:(\d+):\s*(.*)$/;

/** Rewrites a driver's info log so that every located message names the file and shows its line. */
function formatShaderLog(shader: ShaderSource, log: string): string {
  const sourceLines = shader.source.split(/\r\n|\r|\n/);
  const out: string[] = [];
  for (const raw of log.split('\n')) {
    const line = raw.replace(/\0/g, '').trim();
    if (line === '') continue;
    const match = logLine.exec(line);
    if (match === null) {
      out.push(`${shader.name}: ${line}`);
      continue;
    }
    const lineNumber = Number(match[1]);
    out.push(`${shader.name}:${lineNumber}: ${match[2]}`);
    const text = sourceLines[lineNumber - 1];
    if (text !== undefined && text.trim() !== '') out.push(`    ${lineNumber} | ${text.trim()}`);
  }
  return out.join('\n');
}

function compileShader(gl: WebGL2RenderingContext, type: GLenum, shader: ShaderSource): WebGLShader {
  const handle = gl.createShader(type);
  if (handle === null) throw new ShaderError(`${shader.name}: could not create a shader (is the WebGL context lost?)`);
  gl.shaderSource(handle, shader.source);
  gl.compileShader(handle);
  return handle;
}

/** The compile error of `handle` (compiled from `shader`), or null when it compiled. */
function compileError(gl: WebGL2RenderingContext, handle: WebGLShader, shader: ShaderSource): ShaderError | null {
  if (gl.getShaderParameter(handle, gl.COMPILE_STATUS)) return null;
  const log = gl.getShaderInfoLog(handle) ?? '';
  return new ShaderError(`Shader compilation failed\n${formatShaderLog(shader, log || 'no message from the driver')}`);
}

/** A program's shaders and, optionally, the vertex outputs it captures: createProgram's arguments. */
export type ProgramSources = readonly [vertex: ShaderSource, fragment: ShaderSource, transformFeedbackVaryings?: readonly string[]];

/** A program whose compile and link were issued, not yet asked about. */
interface StartedProgram {
  program: WebGLProgram;
  vertexShader: WebGLShader;
  fragmentShader: WebGLShader;
}

/** Programs linkAhead started and createProgram has not taken, per context, by their sources' text. */
const startedAhead = new WeakMap<WebGL2RenderingContext, Map<string, StartedProgram>>();

const keyOf = ([vertex, fragment, varyings = []]: ProgramSources): string => `${vertex.source}\0${fragment.source}\0${varyings}`;

/** Issues the compiles and the link of `sources`; asks the GPU process nothing, so it never waits. */
function startProgram(gl: WebGL2RenderingContext, [vertex, fragment, varyings = []]: ProgramSources): StartedProgram {
  const vertexShader = compileShader(gl, gl.VERTEX_SHADER, vertex);
  let fragmentShader: WebGLShader;
  try {
    fragmentShader = compileShader(gl, gl.FRAGMENT_SHADER, fragment);
  } catch (error) {
    gl.deleteShader(vertexShader);
    throw error;
  }
  const program = gl.createProgram();
  if (program === null) throw new ShaderError(`${vertex.name} + ${fragment.name}: could not create a program`);
  gl.attachShader(program, vertexShader);
  gl.attachShader(program, fragmentShader);
  if (varyings.length > 0) gl.transformFeedbackVaryings(program, varyings as string[], gl.SEPARATE_ATTRIBS);
  gl.linkProgram(program);
  return { program, vertexShader, fragmentShader };
}

/**
 * Starts compiling and linking `programs` on `gl` (say, the programs a renderer is about to
 * create), for createProgram to take later with the same sources. Between the two the page can
 * wait for the GPU process without blocking (gpuFinished), and createProgram's status query then
 * finds the link done instead of waiting tens of milliseconds for it (a software renderer
 * compiles slowly). A shader that fails is reported by the createProgram that takes it.
 */
export function linkAhead(gl: WebGL2RenderingContext, programs: readonly ProgramSources[]): void {
  const started = startedAhead.get(gl) ?? new Map<string, StartedProgram>();
  startedAhead.set(gl, started);
  for (const sources of programs) {
    const key = keyOf(sources);
    try {
      if (!started.has(key)) started.set(key, startProgram(gl, sources));
    } catch {
      // A lost context: the createProgram that follows reports it.
    }
  }
}

/** Deletes the programs linkAhead started on `gl` that no createProgram took. */
export function dropLinkedAhead(gl: WebGL2RenderingContext): void {
  for (const { program, vertexShader, fragmentShader } of startedAhead.get(gl)?.values() ?? []) {
    gl.deleteShader(vertexShader);
    gl.deleteShader(fragmentShader);
    gl.deleteProgram(program);
  }
  startedAhead.delete(gl);
}

/**
 * Compiles and links `vertex` + `fragment`, or takes the program linkAhead started with them. With
 * `transformFeedbackVaryings`, those outputs of the vertex shader are captured, one buffer each
 * (SEPARATE_ATTRIBS). Throws ShaderError.
 *
 * The main thread waits for the GPU process once, for the link status: each status query is a round
 * trip that waits for the compile or link before it. A shader's compile status is asked for only
 * when the link failed, to say which shader, and where, did not compile.
 */
export function createProgram(
  gl: WebGL2RenderingContext,
  vertex: ShaderSource,
  fragment: ShaderSource,
  transformFeedbackVaryings: readonly string[] = [],
): ProgramInfo {
  const sources: ProgramSources = [vertex, fragment, transformFeedbackVaryings];
  const ahead = startedAhead.get(gl);
  const key = ahead === undefined ? '' : keyOf(sources);
  const { program, vertexShader, fragmentShader } = ahead?.get(key) ?? startProgram(gl, sources);
  ahead?.delete(key);
  const linked = gl.getProgramParameter(program, gl.LINK_STATUS) || gl.isContextLost();
  const failure = linked
    ? null
    : (compileError(gl, vertexShader, vertex) ??
      compileError(gl, fragmentShader, fragment) ??
      new ShaderError(`Linking ${vertex.name} with ${fragment.name} failed\n${(gl.getProgramInfoLog(program) ?? '').replace(/\0/g, '').trim() || 'no message from the driver'}`));
  // Shaders can go once linked; the program keeps what it needs.
  gl.detachShader(program, vertexShader);
  gl.detachShader(program, fragmentShader);
  gl.deleteShader(vertexShader);
  gl.deleteShader(fragmentShader);
  if (failure !== null) {
    gl.deleteProgram(program);
    throw failure;
  }

  const uniforms = new Map<string, WebGLUniformLocation>();
  const count = gl.getProgramParameter(program, gl.ACTIVE_UNIFORMS) as number;
  for (let i = 0; i < count; i++) {
    const info = gl.getActiveUniform(program, i);
    if (info === null) continue;
    const name = info.name.endsWith('[0]') ? info.name.slice(0, -3) : info.name;
    const location = gl.getUniformLocation(program, info.name);
    if (location !== null) uniforms.set(name, location);
  }
  return { program, uniforms };
}

/** The location of `name`, or null when the program does not use it (gl.uniform* ignores null). */
export function uniformLocation(info: ProgramInfo, name: string): WebGLUniformLocation | null {
  return info.uniforms.get(name) ?? null;
}

/** A `sent` array for uniformChanged: `length` floats, NaN, which no value equals, so the first call sends. */
export function unsentUniform(length: number): Float32Array {
  return new Float32Array(length).fill(Number.NaN);
}

/**
 * Copies `value` into `sent` (what a uniform was last given, owned by its pass; unsentUniform
 * before the first frame) and says whether they differed. A program keeps its uniforms from one
 * draw to the next and a playing clip changes none of the camera's and lights', so a pass sends
 * only what changed: a WebGL call costs the page's main thread microseconds even when its value
 * is the same. Allocates nothing.
 */
export function uniformChanged(sent: Float32Array, value: ArrayLike<number>): boolean {
  let changed = false;
  for (let i = 0; i < sent.length; i++) {
    if (sent[i] !== value[i]) {
      sent[i] = value[i];
      changed = true;
    }
  }
  return changed;
}
