// <crowd-figure>: chapter 12's crowd of mannequins, timed stage by stage. This file only registers
// the element; the island's code loads when it scrolls into view (src/figures/crowd/crowd-island.ts).
// Markup: CrowdFigure.astro.
import { defineIslandElement } from '../shared/island-manager.ts';

defineIslandElement('crowd-figure', () => import('./crowd-island.ts'));
