// The Full screen button of IslandStage.astro: shows the island — its stage, controls and caption —
// on the whole screen with the Fullscreen API, and back with the button again or Escape (which the
// browser handles). Where the API is missing or not allowed (document.fullscreenEnabled is false:
// an iPhone, a frame without permission), the button stays hidden. In full screen, island.css gives
// the stage the height that the panel leaves; the canvas's ResizeObserver (figure-canvas.ts) sizes
// the framebuffer to it, and the camera frames the figure again for the new shape.

import { part } from './parts.ts';

/** Shows and wires the [data-part=full-screen] button of `host`, when the browser can show `host` full screen. */
export function attachFullScreenButton(host: HTMLElement): void {
  const button = part<HTMLButtonElement>(host, 'full-screen');
  if (button === null || !document.fullscreenEnabled) return;
  // The words, not the whole button: its icon stays.
  const label = part(button, 'full-screen-label') ?? button;
  const showState = () => {
    label.textContent = document.fullscreenElement === host ? 'Exit full screen' : 'Full screen';
  };
  button.addEventListener('click', () => {
    if (document.fullscreenElement === host) void document.exitFullscreen();
    // Refused (no user gesture, a permission policy): the page stays as it is, the button too.
    else host.requestFullscreen().catch(showState);
  });
  document.addEventListener('fullscreenchange', showState);
  showState();
  button.hidden = false;
}
