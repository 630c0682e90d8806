// <traversal-widget>: the walking mannequin of chapter 5 with two traversal mistakes to switch
// on. This file only registers the element; the island's code loads when it scrolls into view
// (src/widgets/traversal-island.ts). Markup: src/components/widgets/TraversalWidget.astro.
import { defineIslandElement } from './island-manager.ts';

defineIslandElement('traversal-widget', () => import('./traversal-island.ts'));
