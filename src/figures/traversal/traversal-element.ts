// <traversal-figure>: the walking mannequin of chapter 5 with two traversal mistakes to switch
// on. This file only registers the element; the island's code loads when it scrolls into view
// (src/figures/traversal/traversal-island.ts). Markup: src/figures/traversal/TraversalFigure.astro.
import { defineIslandElement } from '../shared/island-manager.ts';

defineIslandElement('traversal-figure', () => import('./traversal-island.ts'));
