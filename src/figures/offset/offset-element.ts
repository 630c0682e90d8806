// <offset-figure>: the two bones of chapter 4, skinned with global × inverseBind or with one of
// three classic mistakes. This file only registers the element; the island's code loads when it
// scrolls into view (src/figures/offset/offset-island.ts). Markup: src/figures/offset/OffsetFigure.astro.
import { defineIslandElement } from '../shared/island-manager.ts';

defineIslandElement('offset-figure', () => import('./offset-island.ts'));
