// <inspector-figure>: the mannequin and its clips with the vertex inspector, for chapter 8. This
// file only registers the element; the island's code loads when it scrolls into view
// (src/figures/inspector/inspector-island.ts). Markup: src/figures/inspector/InspectorFigure.astro.
import { defineIslandElement } from '../shared/island-manager.ts';

defineIslandElement('inspector-figure', () => import('./inspector-island.ts'));
