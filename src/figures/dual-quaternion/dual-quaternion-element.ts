// <dual-quaternion-figure>: linear blend and dual quaternion skinning side by side (chapter 10).
// This file only registers the element; the island's code loads when it scrolls into view
// (src/figures/dual-quaternion/dual-quaternion-island.ts). Markup: DualQuaternionFigure.astro.
import { defineIslandElement } from '../shared/island-manager.ts';

defineIslandElement('dual-quaternion-figure', () => import('./dual-quaternion-island.ts'));
