// <bone-limit-figure>: the 300-joint tentacle of chapter 8, its bone matrices in the bone texture
// or a uniform array. This file only registers the element; the island's code loads when it
// scrolls into view (src/figures/bone-limit/bone-limit-island.ts). Markup: BoneLimitFigure.astro.
import { defineIslandElement } from '../shared/island-manager.ts';

defineIslandElement('bone-limit-figure', () => import('./bone-limit-island.ts'));
