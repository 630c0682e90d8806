// <skin-shader-figure>: the bend tube of chapter 8, drawn by shaders/skin.vert or one of its
// "Break it" variants. This file only registers the element; the island's code loads when it
// scrolls into view (src/figures/skin-shader/skin-shader-island.ts). Markup: SkinShaderFigure.astro.
import { defineIslandElement } from '../shared/island-manager.ts';

defineIslandElement('skin-shader-figure', () => import('./skin-shader-island.ts'));
