// Mouse, touch and keyboard control of an orbit camera on a canvas.
//
//   drag (mouse, pen, one finger)  turn the model (horizontal drags only for touch, see below)
//   two-finger pinch               zoom
//   wheel                          zoom, only while the canvas has focus (click it first), so
//                                  scrolling the page past a figure never gets captured
//   ← → ↑ ↓                        turn by 10° (Shift: 30°)
//   + / −                          zoom
//   Home, 0, double-click          back to the initial view
// The canvas keeps `touch-action: pan-y` (set in CSS) so a vertical swipe still scrolls the page.

import { orbitBy, resetOrbitCamera, zoomBy, type OrbitCamera } from '../../gl/camera.ts';

/** Radians per CSS pixel dragged. */
const DRAG_SPEED = 0.008;
const KEY_STEP = (10 * Math.PI) / 180;

/** Attaches the handlers; `onChange` runs after every camera change. Returns a detach function. */
export function attachOrbitInput(canvas: HTMLCanvasElement, camera: OrbitCamera, onChange: () => void): () => void {
  /** Active pointers: id → last position (CSS pixels). */
  const pointers = new Map<number, { x: number; y: number }>();
  let pinchDistance = 0;

  const currentPinchDistance = (): number => {
    const [a, b] = Array.from(pointers.values());
    return Math.hypot(a.x - b.x, a.y - b.y);
  };

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    canvas.setPointerCapture(event.pointerId);
    if (pointers.size === 2) pinchDistance = currentPinchDistance();
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
      const distance = currentPinchDistance();
      if (pinchDistance > 0 && distance > 0) zoomBy(camera, pinchDistance / distance);
      pinchDistance = distance;
      onChange();
    }
  };

  const onPointerEnd = (event: PointerEvent) => {
    pointers.delete(event.pointerId);
    pinchDistance = pointers.size === 2 ? currentPinchDistance() : 0;
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
    const step = event.shiftKey ? 3 * KEY_STEP : KEY_STEP;
    switch (event.key) {
      case 'ArrowLeft':
        orbitBy(camera, -step, 0);
        break;
      case 'ArrowRight':
        orbitBy(camera, step, 0);
        break;
      case 'ArrowUp':
        orbitBy(camera, 0, step);
        break;
      case 'ArrowDown':
        orbitBy(camera, 0, -step);
        break;
      case '+':
      case '=':
        zoomBy(camera, 1 / 1.15);
        break;
      case '-':
      case '_':
        zoomBy(camera, 1.15);
        break;
      case 'Home':
      case '0':
        resetOrbitCamera(camera);
        break;
      default:
        return;
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
  canvas.addEventListener('wheel', onWheel, { passive: false });
  canvas.addEventListener('keydown', onKeyDown);
  canvas.addEventListener('dblclick', onDoubleClick);
  return () => {
    canvas.removeEventListener('pointerdown', onPointerDown);
    canvas.removeEventListener('pointermove', onPointerMove);
    canvas.removeEventListener('pointerup', onPointerEnd);
    canvas.removeEventListener('pointercancel', onPointerEnd);
    canvas.removeEventListener('wheel', onWheel);
    canvas.removeEventListener('keydown', onKeyDown);
    canvas.removeEventListener('dblclick', onDoubleClick);
  };
}
