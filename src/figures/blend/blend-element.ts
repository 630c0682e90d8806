// <blend-figure>: the mannequin's walk crossfaded into another clip, with an additive layer and a
// "Break it" choice of blending mistakes (chapter 11). This file only registers the element; the
// island's code loads when it scrolls into view (src/figures/blend/blend-island.ts). Markup:
// src/figures/blend/BlendFigure.astro.
import { defineIslandElement } from '../shared/island-manager.ts';

defineIslandElement('blend-figure', () => import('./blend-island.ts'));
