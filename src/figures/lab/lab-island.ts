// The model lab's island: a SkinView that shows whatever model the reader opens — dropped on the
// page, picked with the file input, or chosen from the site's own models — with every skinned mesh
// and every rigid part, the clip picker, and the written report (diagnosis, counts, loader notes,
// node tree) beside it. Files are read and loaded in a worker (lab-worker.ts) with progress and a
// Cancel button; nothing the reader opens is sent anywhere. The state worth sharing (project model,
// clip, time when paused, joint) lives in the query string.
//
// Markup: LabFigure.astro. The file controls and the report sit outside the island element (so a
// missing WebGL2 leaves them working); they are found through the enclosing [data-lab] element.

import type { Diagnosis } from '../../core/diagnosis.ts';
import type { Model } from '../../core/model.ts';
import { disposeRenderer } from '../../gl/dispose.ts';
import { attachRigidParts } from '../../gl/rigid-pass.ts';
import type { Renderer } from '../../gl/renderer.ts';
import { clipFramingPoses, type Bounds } from '../shared/pose-bounds.ts';
import type { Island } from '../shared/island-manager.ts';
import { nextTask } from '../shared/next-task.ts';
import { part } from '../shared/parts.ts';
import { SkinView } from '../shared/skin-view.ts';
import { VertexInspector } from '../shared/vertex-inspector.ts';
import { BIG_MODEL_JOINTS, BIG_MODEL_VERTICES, isBigModel, modelSize } from './lab-big-model.ts';
import type { FastPath } from './lab-fast-path.ts';
import { KeyStrip } from './lab-key-strip.ts';
import type { AssimpReport, LabRequest, LabResponse, LabStage } from './lab-protocol.ts';
import { renderChecks, renderCounts, renderNodeTree, renderNotes, type ChapterTitles } from './lab-report.ts';
import { readLabState, writeLabState, type LabState } from './lab-state.ts';

/** The site's base path ("/" or "/sub/"), as Vite bakes it in. */
const BASE_URL = import.meta.env.BASE_URL.endsWith('/') ? import.meta.env.BASE_URL : `${import.meta.env.BASE_URL}/`;

/** Milliseconds between two updates of the measured pose time while a clip plays. */
const POSE_REPORT_INTERVAL = 1000;

/** "200 joints and 100,050 vertices". */
function describeSize(size: { vertices: number; joints: number }): string {
  return `${size.joints.toLocaleString('en')} ${size.joints === 1 ? 'joint' : 'joints'} and ${size.vertices.toLocaleString('en')} skinned ${size.vertices === 1 ? 'vertex' : 'vertices'}`;
}

function megabytes(bytes: number): string {
  return (bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0);
}

class LabIsland extends SkinView {
  private readonly lab: HTMLElement;
  private readonly fileInput: HTMLInputElement | null;
  private readonly modelMenu: HTMLSelectElement | null;
  private readonly cancelButton: HTMLButtonElement | null;
  private readonly progressBar: HTMLProgressElement | null;
  private readonly progressText: HTMLElement | null;
  private readonly message: HTMLElement | null;
  private readonly clipMenu: HTMLSelectElement | null;
  private readonly rigidToggle: HTMLInputElement | null;
  private readonly posePath: HTMLElement | null;
  private readonly keyStrip: KeyStrip | null;
  private readonly chapters: ChapterTitles;

  /** The fast path (lab-fast-path.ts) of the model shown when it is big, else null: animateFrame poses it. */
  private fast: FastPath | null = null;
  /** The sentence saying which path poses the model shown; the measured time per frame is appended. */
  private posePathSentence = '';
  /** Milliseconds spent posing (updatePose) over poseFrames frames since the last report. */
  private poseMilliseconds = 0;
  private poseFrames = 0;
  private lastPoseReport = 0;

  private worker: Worker | null = null;
  /** Id of the request whose answer is awaited (answers to older ones are dropped). */
  private pending = 0;
  private nextRequest = 1;
  /** The project model shown (file name), "" for a reader's own file. */
  private projectModel = '';
  /** State to restore once the model named in the address has loaded (null once used). */
  private restoring: LabState | null;
  /** The rigid primitives the last frame drew, as last written to data-rigid-drawn. */
  private shownRigidDrawn = -1;
  /** The renderer of the model shown before, on the live context: its GPU objects go when the next one is made. */
  private previousRenderer: Renderer | null = null;

  constructor(host: HTMLElement) {
    super(host, { ground: true, yaw: 0.55, pitch: 0.16, autoplay: true });
    const lab = host.closest<HTMLElement>('[data-lab]') ?? host;
    this.lab = lab;
    this.fileInput = part(lab, 'file');
    this.modelMenu = part(lab, 'models');
    this.cancelButton = part(lab, 'cancel');
    this.progressBar = part(lab, 'progress');
    this.progressText = part(lab, 'progress-text');
    this.message = part(lab, 'message');
    this.clipMenu = part(host, 'clip');
    this.rigidToggle = part(host, 'rigid');
    this.posePath = part(lab, 'pose-path');
    const keyStrip = part<HTMLElement>(host, 'key-strip');
    this.keyStrip = keyStrip === null ? null : new KeyStrip(keyStrip);
    new VertexInspector(this);
    this.chapters = JSON.parse(lab.dataset.chapters ?? '{}') as ChapterTitles;

    this.fileInput?.addEventListener('change', () => {
      const files = this.fileInput?.files;
      if (files && files.length > 0) this.openFiles(Array.from(files));
    });
    this.modelMenu?.addEventListener('change', () => {
      if (this.modelMenu?.value) this.openProjectModel(this.modelMenu.value);
    });
    this.cancelButton?.addEventListener('click', () => this.cancel());
    this.clipMenu?.addEventListener('change', () => this.chooseClip(Number(this.clipMenu?.value)));
    this.rigidToggle?.addEventListener('change', () => {
      const rigid = this.renderer?.rigid;
      if (rigid) rigid.visible = this.rigidToggle?.checked ?? true;
      this.requestRender();
    });
    part<HTMLSelectElement>(host, 'joint')?.addEventListener('change', () => this.saveState());
    part<HTMLInputElement>(host, 'time')?.addEventListener('change', () => this.saveState());
    this.acceptDrops();
    // A lost context takes every GPU object with it: nothing is left to delete.
    part(host, 'canvas')?.addEventListener('webglcontextlost', () => (this.previousRenderer = null));

    // Files chosen before this code ran (the input is server-rendered and works at once) fired
    // their change event before the listener above existed: they are opened instead of a project model.
    const chosenEarly = Array.from(this.fileInput?.files ?? []);
    if (chosenEarly.length > 0) {
      this.restoring = null;
      this.openFiles(chosenEarly);
      return;
    }
    const state = readLabState(location.search);
    const known = this.modelMenu === null ? [] : Array.from(this.modelMenu.options, (option) => option.value).filter(Boolean);
    const named = known.includes(state.model);
    const first = named ? state.model : (lab.dataset.defaultModel ?? '');
    this.restoring = named ? state : null;
    if (first !== '') this.openProjectModel(first);
  }

  // ── Opening files ────────────────────────────────────────────────────────────────────────

  /** Files dropped anywhere on the page are opened; the browser never navigates to them. */
  private acceptDrops(): void {
    const zone = part<HTMLElement>(this.lab, 'drop') ?? this.lab;
    let depth = 0;
    const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;
    window.addEventListener('dragover', (event) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    });
    window.addEventListener('dragenter', (event) => {
      if (!hasFiles(event)) return;
      depth++;
      zone.dataset.dragging = 'true';
    });
    window.addEventListener('dragleave', () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) delete zone.dataset.dragging;
    });
    window.addEventListener('drop', (event) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth = 0;
      delete zone.dataset.dragging;
      const files = Array.from(event.dataTransfer?.files ?? []);
      if (files.length > 0) this.openFiles(files);
    });
  }

  private openFiles(files: File[]): void {
    this.projectModel = '';
    this.restoring = null;
    if (this.modelMenu) this.modelMenu.value = '';
    this.send({ kind: 'files', id: 0, files }, files.map((file) => file.name).join(', '));
  }

  private openProjectModel(name: string): void {
    this.projectModel = name;
    if (this.modelMenu) this.modelMenu.value = name;
    this.send({ kind: 'url', id: 0, url: `${BASE_URL}models/${encodeURIComponent(name)}`, name }, name);
  }

  /** Hands `request` to the worker (made on first use, or again after a cancel), cancelling the one before. */
  private send(request: LabRequest, what: string): void {
    if (this.worker === null) {
      this.worker = new Worker(new URL('./lab-worker.ts', import.meta.url), { type: 'module' });
      this.worker.addEventListener('message', (event: MessageEvent<LabResponse>) => this.receive(event.data));
      this.worker.addEventListener('error', (event) => {
        event.preventDefault();
        this.finishWork('error', `The lab’s worker stopped: ${event.message || 'an error it did not describe'}.`);
        this.stopWorker();
      });
    }
    const id = this.nextRequest++;
    this.pending = id;
    this.lab.dataset.load = 'loading';
    this.showMessage(`Opening ${what}…`);
    this.showProgress(0, 0);
    if (this.cancelButton) this.cancelButton.hidden = false;
    this.worker.postMessage({ ...request, id });
  }

  private stopWorker(): void {
    this.worker?.terminate();
    this.worker = null;
  }

  /** Cancel: the worker is ended wherever it is (a parse cannot be interrupted otherwise). */
  private cancel(): void {
    if (this.pending === 0) return;
    this.stopWorker();
    this.finishWork('cancelled', 'Cancelled. The model shown before is still shown.');
  }

  private finishWork(state: 'ready' | 'error' | 'cancelled', message: string): void {
    this.pending = 0;
    this.lab.dataset.load = state;
    if (this.cancelButton) this.cancelButton.hidden = true;
    if (this.progressBar) this.progressBar.hidden = true;
    if (this.progressText) this.progressText.textContent = '';
    this.showMessage(message);
  }

  private showMessage(text: string): void {
    if (this.message) this.message.textContent = text;
  }

  private showProgress(loaded: number, total: number, stage: LabStage = 'reading'): void {
    const bar = this.progressBar;
    if (bar) {
      bar.hidden = false;
      if (total > 0) {
        bar.max = total;
        bar.value = loaded;
      } else bar.removeAttribute('value');
    }
    if (this.progressText) {
      const of = total > 0 ? ` ${megabytes(loaded)} of ${megabytes(total)} MB` : '';
      this.progressText.textContent =
        stage === 'reading'
          ? `Reading${of}…`
          : stage === 'loading-assimp'
            ? `Loading Assimp${of}…`
            : stage === 'converting'
              ? 'Assimp is converting the file to glTF…'
              : 'Loading and checking the model…';
    }
  }

  private receive(response: LabResponse): void {
    if (response.id !== this.pending) return;
    if (response.kind === 'progress') {
      this.showProgress(response.loaded, response.total, response.stage);
      return;
    }
    if (response.kind === 'failed') {
      this.finishWork('error', response.message);
      return;
    }
    this.showReport(response.name, response.diagnosis, response.model);
    this.showAssimp(response.assimp, response.diagnosis.notes[0] ?? '');
    if (response.model === null) {
      this.finishWork('error', `${response.name} could not be loaded. ${response.diagnosis.error ?? ''}`);
      return;
    }
    const model = response.model;
    const drawable = model.meshes.length + (model.rigidParts?.length ?? 0);
    if (drawable === 0) {
      this.finishWork('error', `${response.name} was read, but it has no mesh to draw. Its report is below.`);
      return;
    }
    const size = modelSize(model);
    if (isBigModel(size)) {
      void this.showBig(response.id, response.name, model, size);
      return;
    }
    this.fast = null;
    void this.show(response.name, model).then((shown) => {
      if (!shown) return;
      this.finishWork('ready', `Showing ${response.name}.`);
      this.showPosePath(`Posed in JavaScript by animateFrame, the code the chapters print (${describeSize(size)}).`, 'javascript');
    });
  }

  /**
   * A model past the sizes of lab-big-model.ts: its fast path is made first (the kernels are
   * downloaded now, once), then it is shown. Where the engine cannot run them, animateFrame poses it.
   */
  private async showBig(id: number, name: string, model: Model, size: { vertices: number; joints: number }): Promise<void> {
    this.showMessage(`Preparing the fast path for ${name}…`);
    let fast: FastPath | null = null;
    let problem = '';
    try {
      const { createFastPath } = await import('./lab-fast-path.ts');
      fast = createFastPath(model);
      if (fast === null) problem = 'this browser cannot run WebAssembly SIMD';
    } catch (error) {
      problem = `the fast path could not be loaded (${(error as Error).message})`;
    }
    // Showing it (the framing, the joint menu, the report's tree) is a task of its own, after this one.
    await nextTask();
    if (id !== this.pending) return; // cancelled, or another file opened meanwhile
    this.fast = fast;
    if (!(await this.show(name, model))) return;
    this.finishWork('ready', `Showing ${name}.`);
    const past = `past the lab’s ${BIG_MODEL_JOINTS} joints or ${BIG_MODEL_VERTICES.toLocaleString('en')} vertices`;
    if (fast === null) this.showPosePath(`Posed in JavaScript by animateFrame: ${describeSize(size)}, ${past}, would take the WebAssembly SIMD fast path, but ${problem}.`, 'javascript');
    else this.showPosePath(`Posed by the WebAssembly SIMD kernel of chapter 12 (createSimdPlayer), and framed with createSimdSkinner: ${describeSize(size)}, ${past}. Its set-up took ${fast.setupMilliseconds.toFixed(0)} ms.`, 'simd');
  }

  private showPosePath(sentence: string, path: 'simd' | 'javascript'): void {
    this.posePathSentence = sentence;
    this.host.dataset.posePath = path;
    delete this.host.dataset.poseMicroseconds;
    this.poseMilliseconds = 0;
    this.poseFrames = 0;
    this.lastPoseReport = performance.now();
    if (this.posePath) this.posePath.textContent = sentence;
  }

  /** Every POSE_REPORT_INTERVAL (or after a paused frame): the measured pose time per frame, in data-pose-microseconds and in words. */
  private reportPoseTime(): void {
    const now = performance.now();
    if (this.poseFrames === 0 || (this.playing && now - this.lastPoseReport < POSE_REPORT_INTERVAL)) return;
    const microseconds = (1000 * this.poseMilliseconds) / this.poseFrames;
    this.host.dataset.poseMicroseconds = microseconds.toFixed(1);
    if (this.posePath) this.posePath.textContent = `${this.posePathSentence} Posing takes ${microseconds < 10 ? microseconds.toFixed(1) : microseconds.toFixed(0)} µs per frame here.`;
    this.poseMilliseconds = 0;
    this.poseFrames = 0;
    this.lastPoseReport = now;
  }

  // ── Showing a model ──────────────────────────────────────────────────────────────────────

  /** Shows `model`, read from the file `name`; resolves false when another model came meanwhile (setModel). */
  private async show(name: string, model: Model): Promise<boolean> {
    const restoring = this.restoring;
    this.restoring = null;
    let clipIndex = model.clips.length > 0 ? 0 : -1;
    if (restoring !== null && restoring.clip !== '') {
      const named = model.clips.findIndex((clip) => clip.name === restoring.clip);
      if (named >= 0) clipIndex = named;
    }
    this.fillClipMenu(model, clipIndex);
    // The joint menu lists the new model's joints (JointPicker fills an empty menu).
    part<HTMLSelectElement>(this.host, 'joint')?.replaceChildren();
    this.lab.dataset.model = name;
    this.host.dataset.skinnedPrimitives = String(model.meshes.reduce((n, mesh) => n + mesh.primitives.length, 0));
    this.host.dataset.rigidParts = String(model.rigidParts?.length ?? 0);
    this.host.dataset.rigidPrimitives = String((model.rigidParts ?? []).reduce((n, p) => n + p.primitives.length, 0));
    this.host.dataset.clips = String(model.clips.length);
    this.shownRigidDrawn = -1;
    if (!(await this.setModel(model, clipIndex))) return false;
    if (restoring !== null) {
      const skin = model.skins[0];
      const joint = skin === undefined ? -1 : Array.from(skin.joints).findIndex((node) => model.hierarchy.names[node] === restoring.joint);
      if (restoring.joint !== '' && joint >= 0) this.selectJoint(joint);
      if (restoring.time !== null && clipIndex >= 0) {
        this.time = restoring.time;
        this.setPlaying(false);
      }
    }
    this.saveState();
    return true;
  }

  private showReport(name: string, diagnosis: Diagnosis, model: Model | null): void {
    const heading = part(this.lab, 'report-name');
    if (heading) heading.textContent = name;
    const checks = part<HTMLElement>(this.lab, 'checks');
    if (checks) renderChecks(checks, diagnosis, this.chapters);
    const counts = part<HTMLElement>(this.lab, 'counts');
    if (counts) renderCounts(counts, diagnosis.counts);
    const notes = part<HTMLElement>(this.lab, 'notes');
    if (notes) renderNotes(notes, diagnosis.notes);
    const tree = part<HTMLElement>(this.lab, 'tree');
    if (tree) {
      if (model === null) tree.replaceChildren();
      else
        renderNodeTree(tree, model, (joint) => {
          if (this.model !== model) return;
          this.selectJoint(joint);
          this.saveState();
        });
    }
    this.lab.dataset.report = name;
  }

  /** Assimp's view and the note that the file was converted, shown only for a file Assimp read (all as text). */
  private showAssimp(assimp: AssimpReport | null, convertedNote: string): void {
    const panel = part<HTMLElement>(this.lab, 'assimp');
    const converted = part<HTMLElement>(this.lab, 'converted');
    if (panel) panel.hidden = assimp === null;
    if (converted) {
      converted.hidden = assimp === null;
      converted.textContent = assimp === null ? '' : convertedNote;
    }
    const scene = part(this.lab, 'assimp-scene');
    if (scene) scene.textContent = assimp?.scene ?? '';
    const summary = part(this.lab, 'assimp-summary');
    if (summary) {
      summary.textContent =
        assimp === null ? '' : `${assimp.format}, read by ${assimp.generator || 'Assimp'} in ${Math.round(assimp.milliseconds)} ms: ${assimp.meshes} aiMesh${assimp.meshes === 1 ? '' : 'es'}, ${assimp.vertices.toLocaleString('en')} vertices.`;
    }
    if (assimp === null) delete this.lab.dataset.assimp;
    else this.lab.dataset.assimp = assimp.format;
  }

  private fillClipMenu(model: Model, clipIndex: number): void {
    const menu = this.clipMenu;
    if (menu === null) return;
    const options = model.clips.map((clip, c) => new Option(`${clip.name || `clip ${c}`} (${clip.duration.toFixed(2)} s)`, String(c)));
    if (options.length === 0) options.push(new Option('No clips', '-1'));
    menu.replaceChildren(...options);
    menu.value = String(clipIndex);
  }

  private chooseClip(clipIndex: number): void {
    const model = this.model;
    if (model === null || !(clipIndex >= 0 && clipIndex < model.clips.length)) return;
    this.clipIndex = clipIndex;
    this.time = 0;
    this.showBindPose = false;
    this.setPlaying(true);
  }

  /** Playing or pausing also updates the address (the time is kept only while paused). */
  override setPlaying(playing: boolean): void {
    super.setPlaying(playing);
    this.saveState();
  }

  /** Writes the shareable state into the address without adding a history entry. */
  private saveState(): void {
    const model = this.model;
    if (model === null) return;
    const clip = model.clips[this.clipIndex];
    const node = this.selectedNode();
    const state: LabState = {
      model: this.projectModel,
      clip: clip?.name ?? '',
      time: this.playing || clip === undefined ? null : this.clipTime(),
      joint: node >= 0 ? model.hierarchy.names[node] : '',
    };
    const query = writeLabState(state);
    if (query !== location.search) history.replaceState(history.state, '', `${location.pathname}${query}${location.hash}`);
  }

  protected override rendererCreated(renderer: Renderer): void {
    if (this.previousRenderer !== null && this.previousRenderer.gl === renderer.gl) disposeRenderer(this.previousRenderer);
    this.previousRenderer = renderer;
    if (this.model !== null) attachRigidParts(renderer, this.model);
    if (renderer.rigid !== null) renderer.rigid.visible = this.rigidToggle?.checked ?? true;
    this.shownRigidDrawn = -1;
  }

  /** Poses through the fast path for a big model, else as every figure does; timed either way. */
  protected override updatePose(): void {
    const start = performance.now();
    const fast = this.fast;
    const player = this.player!;
    if (fast === null || fast.model !== this.model) super.updatePose();
    else fast.pose(player, this.showBindPose ? -1 : this.clipIndex, this.time);
    this.poseMilliseconds += performance.now() - start;
    this.poseFrames++;
  }

  /** The framing bounds over the poses SkinView frames (clipFramingPoses), posed and skinned by the fast path for a big model. */
  protected override measureBounds(): Bounds {
    const fast = this.fast;
    if (fast === null || fast.model !== this.model) return super.measureBounds();
    const player = this.player!;
    const clip = this.model.clips[this.clipIndex];
    const clipIndex = this.clipIndex;
    return this.boundsOfPoses(
      clipFramingPoses(clip?.duration ?? 0, clip === undefined, (bindPose, seconds) => fast.pose(player, bindPose ? -1 : clipIndex, seconds)),
      fast.skinPositions,
    );
  }

  protected override afterFrame(): void {
    super.afterFrame();
    this.reportPoseTime();
    this.keyStrip?.show(this.model, this.clipIndex, this.selectedNode(), this.showBindPose ? null : this.clipTime());
    // What the renderer drew, for tests and curious readers: written only when it changes.
    const drawn = this.renderer?.rigid?.drawnPrimitives ?? 0;
    if (drawn !== this.shownRigidDrawn) {
      this.shownRigidDrawn = drawn;
      this.host.dataset.rigidDrawn = String(drawn);
    }
  }
}

export function mountIsland(host: HTMLElement): Island {
  return new LabIsland(host);
}
