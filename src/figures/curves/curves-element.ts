// <curves-figure>: three pointers through STEP, LINEAR and CUBICSPLINE, and one pointer's curves
// over the clip, with a choice of kernel between keys (chapter 7). This file only registers the
// element; the island's code loads when it scrolls into view (src/figures/curves/curves-island.ts).
// Markup: src/figures/curves/CurvesFigure.astro.
import { defineIslandElement } from '../shared/island-manager.ts';

defineIslandElement('curves-figure', () => import('./curves-island.ts'));
