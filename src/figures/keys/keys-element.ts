// <keys-figure>: the mannequin's walk with its keys on a timeline, the key searches counted and a
// "Break it" choice of clocks and rotation kernels (chapter 7). This file only registers the
// element; the island's code loads when it scrolls into view (src/figures/keys/keys-island.ts).
// Markup: src/figures/keys/KeysFigure.astro.
import { defineIslandElement } from '../shared/island-manager.ts';

defineIslandElement('keys-figure', () => import('./keys-island.ts'));
