// A minimal three.js viewer of the mannequin's walk, the page benchmark's reference
// (tools/bench-page/bench-page.ts): GLTFLoader, one AnimationMixer, one WebGLRenderer, a key and a
// fill light over a hemisphere light, a grid under the feet, and a camera framed like the home
// page's model figure (35° vertical field of view, yaw 0.55 rad, pitch 0.16 rad). The context is
// three.js's default (no antialias); the benchmark can force attributes (--three-context).
import {
  AnimationMixer,
  Box3,
  Color,
  DirectionalLight,
  GridHelper,
  HemisphereLight,
  PerspectiveCamera,
  Scene,
  Timer,
  Vector3,
  WebGLRenderer,
} from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';

const MODEL_URL = '/models/mannequin.glb';
const CLIP_NAME = 'walk';
/** Vertical field of view, degrees, and orbit angles, radians: the home page figure's. */
const FIELD_OF_VIEW = 35;
const YAW = 0.55;
const PITCH = 0.16;
/** Framing leaves this factor of room around the model's bounding sphere. */
const FRAME_MARGIN = 1.04;
/** Longest clip step per frame, seconds (the site's figures clamp the same way). */
const MAX_FRAME_STEP = 0.1;

const canvas = document.querySelector<HTMLCanvasElement>('#stage');
if (canvas === null) throw new Error('three-viewer: the page has no <canvas id="stage">');

const renderer = new WebGLRenderer({ canvas });
renderer.setPixelRatio(window.devicePixelRatio);
renderer.setSize(canvas.clientWidth, canvas.clientHeight, false);
renderer.setClearColor(new Color(0xf7f5f0));

const scene = new Scene();
scene.add(new HemisphereLight(0xdfe6f0, 0x6b6358, 1.2));
const keyLight = new DirectionalLight(0xfff8eb, 2.4);
keyLight.position.set(2, 4, 3);
scene.add(keyLight);
const fillLight = new DirectionalLight(0x8c9ebf, 0.8);
fillLight.position.set(-3, 1, -2);
scene.add(fillLight);

const camera = new PerspectiveCamera(FIELD_OF_VIEW, canvas.clientWidth / canvas.clientHeight, 0.01, 1000);

const gltf = await new GLTFLoader().loadAsync(MODEL_URL);
scene.add(gltf.scene);
const clip = gltf.animations.find((candidate) => candidate.name === CLIP_NAME);
if (clip === undefined) throw new Error(`three-viewer: ${MODEL_URL} has no clip "${CLIP_NAME}"`);
const mixer = new AnimationMixer(gltf.scene);
mixer.clipAction(clip).play();

const bounds = new Box3().setFromObject(gltf.scene, true);
const center = bounds.getCenter(new Vector3());
const radius = Math.max(1e-3, bounds.getSize(new Vector3()).length() / 2);
const grid = new GridHelper(radius * 4, 16, 0xb8b2a7, 0xd6d1c7);
grid.position.set(center.x, bounds.min.y, center.z);
scene.add(grid);
const halfAngle = Math.min(FIELD_OF_VIEW / 2, Math.atan(Math.tan(((FIELD_OF_VIEW / 2) * Math.PI) / 180) * camera.aspect) * (180 / Math.PI));
const distance = (FRAME_MARGIN * radius) / Math.sin((halfAngle * Math.PI) / 180);
camera.position.set(
  center.x + distance * Math.sin(YAW) * Math.cos(PITCH),
  center.y + distance * Math.sin(PITCH),
  center.z + distance * Math.cos(YAW) * Math.cos(PITCH),
);
camera.lookAt(center);

const timer = new Timer();
renderer.setAnimationLoop((timestamp: number) => {
  timer.update(timestamp);
  mixer.update(Math.min(MAX_FRAME_STEP, timer.getDelta()));
  renderer.render(scene, camera);
});
