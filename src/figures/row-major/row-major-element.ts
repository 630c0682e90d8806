// <row-major-figure>: the mannequin of chapter 9, its offset matrices read column-major or, as the
// "Break it", transposed. This file only registers the element; the island's code loads when it
// scrolls into view (src/figures/row-major/row-major-island.ts). Markup: RowMajorFigure.astro.
import { defineIslandElement } from '../shared/island-manager.ts';

defineIslandElement('row-major-figure', () => import('./row-major-island.ts'));
