// <weights-figure>: the bend tube of chapter 2 with a bend slider and a choice of weights (smooth,
// rigid, or dropped without renormalising). This file only registers the element; the island's
// code loads when it scrolls into view (src/figures/weights/weights-island.ts). Markup:
// src/figures/weights/WeightsFigure.astro.
import { defineIslandElement } from '../shared/island-manager.ts';

defineIslandElement('weights-figure', () => import('./weights-island.ts'));
