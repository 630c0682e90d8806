// <weights-widget>: the bend tube of chapter 2 with a bend slider and a choice of weights (smooth,
// rigid, or dropped without renormalising). This file only registers the element; the island's
// code loads when it scrolls into view (src/widgets/weights-island.ts). Markup:
// src/components/widgets/WeightsWidget.astro.
import { defineIslandElement } from './island-manager.ts';

defineIslandElement('weights-widget', () => import('./weights-island.ts'));
