// <bind-figure>: the mannequin of chapter 3, bound in the pose it was modelled in or, under "Break
// it", in another one. This file only registers the element; the island's code loads when it
// scrolls into view (src/figures/bind/bind-island.ts). Markup: src/figures/bind/BindFigure.astro.
import { defineIslandElement } from '../shared/island-manager.ts';

defineIslandElement('bind-figure', () => import('./bind-island.ts'));
