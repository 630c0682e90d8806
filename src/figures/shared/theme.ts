// Colours for WebGL, taken from the page's CSS so a site theme (light/dark) restyles the canvases
// too. Islands read custom properties such as --island-mesh through a probe element whose
// computed `color` the browser has already resolved (light-dark(), named colours, hex…).

import type { RenderColors } from '../../gl/renderer.ts';

const hexColor = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const rgbColor = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/i;
const srgbColor = /^color\(\s*srgb\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)/i;

/**
 * Parses #rgb, #rrggbb, rgb()/rgba() (0–255 components) or color(srgb r g b) (0–1 components)
 * into out as sRGB components in [0, 1]; returns false (out untouched) for anything else.
 */
export function parseCssColor(out: Float32Array, text: string): boolean {
  const value = text.trim();
  const hex = hexColor.exec(value);
  if (hex !== null) {
    const digits = hex[1].length === 3 ? hex[1].replace(/./g, '$&$&') : hex[1];
    for (let i = 0; i < 3; i++) out[i] = parseInt(digits.slice(2 * i, 2 * i + 2), 16) / 255;
    return true;
  }
  const rgb = rgbColor.exec(value);
  if (rgb !== null) {
    for (let i = 0; i < 3; i++) out[i] = Math.min(255, Number(rgb[i + 1])) / 255;
    return true;
  }
  const srgb = srgbColor.exec(value);
  if (srgb !== null) {
    for (let i = 0; i < 3; i++) out[i] = Math.min(1, Number(srgb[i + 1]));
    return true;
  }
  return false;
}

/**
 * Resolves custom property `name` as seen by `probe` (an element inside the island, e.g. a hidden
 * span) into out. The probe's `color` is set to var(name, fallback) and read back computed, so
 * any CSS colour syntax the browser resolves to sRGB works, light-dark() included. Keeps
 * `fallback` when the result is not parseable. Returns out.
 */
export function readCssColor(out: Float32Array, probe: HTMLElement, name: string, fallback: string): Float32Array {
  probe.style.color = `var(${name}, ${fallback})`;
  if (!parseCssColor(out, getComputedStyle(probe).color)) parseCssColor(out, fallback);
  return out;
}

/**
 * Calls `onChange` when the page's theme may have changed: <html>'s data-theme or class attribute,
 * or the system's light/dark preference. Returns a function that stops watching.
 */
export function watchTheme(onChange: () => void): () => void {
  const mutations = new MutationObserver(onChange);
  mutations.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class'] });
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  media.addEventListener('change', onChange);
  return () => {
    mutations.disconnect();
    media.removeEventListener('change', onChange);
  };
}

/**
 * Keeps `colors` (sRGB, 0–1) equal to the theme's --island-mesh, --island-bone, --island-accent
 * and --island-grid (set in island.css or by the site): reads them now, through a hidden probe
 * element placed after `anchor` (the island's canvas), and again, then calls `onChange`, whenever
 * the theme may have changed.
 */
export function trackIslandColors(colors: RenderColors, anchor: Element, onChange: () => void): void {
  const probe = document.createElement('span');
  probe.hidden = true;
  anchor.after(probe);
  const read = () => {
    readCssColor(colors.mesh, probe, '--island-mesh', '#bfb4a6');
    readCssColor(colors.bone, probe, '--island-bone', '#fbf7ef');
    readCssColor(colors.accent, probe, '--island-accent', '#0d6b63');
    readCssColor(colors.grid, probe, '--island-grid', '#8a8f98');
  };
  read();
  watchTheme(() => {
    read();
    onChange();
  });
}
