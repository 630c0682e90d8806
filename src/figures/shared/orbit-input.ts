// Mouse, touch and keyboard control of an orbit camera on a canvas.
//
//   drag (mouse, pen, one finger)  turn the model (horizontal drags only for touch, see below)
//   two-finger drag                turn and tilt (the page does not scroll under two fingers)
//   two-finger pinch               zoom
//   wheel                          zoom, only while the canvas has focus (click it first), so
//                                  scrolling the page past a figure never gets captured
//   ← → / ↑ ↓                      turn / tilt by 10° (Shift: 30°)
//   + / −                          zoom
//   Home, 0, double-click          back to the initial view
// The canvas keeps `touch-action: pan-y` (set in CSS) so a vertical swipe of one finger still
// scrolls the page; a touchmove listener keeps two fingers from scrolling it. The on-screen
// buttons of IslandStage.astro take the steps of the keys they stand for (stepView,
// camera-control.ts).

import { orbitBy, resetOrbitCamera, zoomBy, type OrbitCamera } from '../../gl/camera.ts';

/** Radians per CSS pixel dragged. */
const DRAG_SPEED = 0.008;
/** One turn or tilt step, radians (10°); a large step (Shift) is three. */
const KEY_STEP = (10 * Math.PI) / 180;
/** One zoom step: the distance is divided (in) or multiplied (out) by this. */
const ZOOM_STEP = 1.15;

/**
 * Takes the step of `key` (a KeyboardEvent.key) on `camera`: ← → turn, ↑ ↓ tilt, by one step, or
 * three when `large`; + (or =) zooms in, − (or _) out. Returns false, changing nothing, for any
 * other key.
 */
export function stepView(camera: OrbitCamera, key: string, large = false): boolean {
  const angle = large ? 3 * KEY_STEP : KEY_STEP;
  switch (key) {
    case 'ArrowLeft':
      orbitBy(camera, -angle, 0);
      break;
    case 'ArrowRight':
      orbitBy(camera, angle, 0);
      break;
    case 'ArrowUp':
      orbitBy(camera, 0, angle);
      break;
    case 'ArrowDown':
      orbitBy(camera, 0, -angle);
      break;
    case '+':
    case '=':
      zoomBy(camera, 1 / ZOOM_STEP);
      break;
    case '-':
    case '_':
      zoomBy(camera, ZOOM_STEP);
      break;
    default:
      return false;
  }
  return true;
}

/** Attaches the handlers (for the page's life: nothing detaches them); `onChange` runs after every camera change. */
export function attachOrbitInput(canvas: HTMLCanvasElement, camera: OrbitCamera, onChange: () => void): void {
  /** Active pointers: id → last position (CSS pixels). */
  const pointers = new Map<number, { x: number; y: number }>();
  /** Two pointers down: their distance and midpoint (CSS pixels) at the last move; distance 0 otherwise. */
  const pair = { distance: 0, x: 0, y: 0 };

  /** Measures the two active pointers into `pair` (the first two, if a third is down). */
  const measurePair = (): void => {
    const [a, b] = Array.from(pointers.values());
    pair.distance = Math.hypot(a.x - b.x, a.y - b.y);
    pair.x = (a.x + b.x) / 2;
    pair.y = (a.y + b.y) / 2;
  };

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    canvas.setPointerCapture(event.pointerId);
    if (pointers.size === 2) measurePair();
  };

  const onPointerMove = (event: PointerEvent) => {
    const last = pointers.get(event.pointerId);
    if (last === undefined) return;
    const dx = event.clientX - last.x;
    const dy = event.clientY - last.y;
    last.x = event.clientX;
    last.y = event.clientY;
    if (pointers.size === 1) {
      // Touch pans vertically (page scroll), so a finger only turns the model around its axis.
      orbitBy(camera, -dx * DRAG_SPEED, event.pointerType === 'touch' ? 0 : dy * DRAG_SPEED);
      onChange();
    } else if (pointers.size === 2) {
      // Two fingers: their midpoint turns (across) and tilts (up and down), their spread zooms.
      const { distance: before, x, y } = pair;
      measurePair();
      if (before > 0 && pair.distance > 0) zoomBy(camera, before / pair.distance);
      orbitBy(camera, -(pair.x - x) * DRAG_SPEED, (pair.y - y) * DRAG_SPEED);
      onChange();
    }
  };

  const onPointerEnd = (event: PointerEvent) => {
    pointers.delete(event.pointerId);
    if (pointers.size === 2) measurePair();
    else pair.distance = 0;
  };

  // The canvas lets the browser pan vertically (touch-action: pan-y), which two fingers would do
  // too: their moves are kept from scrolling the page (hence a listener that is not passive).
  const onTouchMove = (event: TouchEvent) => {
    if (event.targetTouches.length >= 2 && event.cancelable) event.preventDefault();
  };

  const onWheel = (event: WheelEvent) => {
    if (document.activeElement !== canvas) return;
    event.preventDefault();
    const pixels = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? event.deltaY * 16 : event.deltaY;
    zoomBy(camera, Math.exp(pixels * 0.0015));
    onChange();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (!stepView(camera, event.key, event.shiftKey)) {
      if (event.key !== 'Home' && event.key !== '0') return;
      resetOrbitCamera(camera);
    }
    event.preventDefault();
    onChange();
  };

  const onDoubleClick = () => {
    resetOrbitCamera(camera);
    onChange();
  };

  canvas.addEventListener('pointerdown', onPointerDown);
  canvas.addEventListener('pointermove', onPointerMove);
  canvas.addEventListener('pointerup', onPointerEnd);
  canvas.addEventListener('pointercancel', onPointerEnd);
  canvas.addEventListener('touchmove', onTouchMove, { passive: false });
  canvas.addEventListener('wheel', onWheel, { passive: false });
  canvas.addEventListener('keydown', onKeyDown);
  canvas.addEventListener('dblclick', onDoubleClick);
}
