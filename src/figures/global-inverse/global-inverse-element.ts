// <global-inverse-figure>: the mannequin of chapter 6, exported in centimetres with Z up, whose
// placement can be forgotten, applied twice or taken from the mesh node. This file only registers
// the element; the island's code loads when it scrolls into view
// (src/figures/global-inverse/global-inverse-island.ts). Markup: GlobalInverseFigure.astro.
import { defineIslandElement } from '../shared/island-manager.ts';

defineIslandElement('global-inverse-figure', () => import('./global-inverse-island.ts'));
