// <model-figure>: a glTF model from /models/, animated, with the bind-pose toggle, skeleton
// overlay and weight-paint view. This file only registers the element; the island's code loads
// when it scrolls into view (src/figures/model/model-island.ts). Markup:
// src/figures/model/ModelFigure.astro.
import { defineIslandElement } from '../shared/island-manager.ts';

defineIslandElement('model-figure', () => import('./model-island.ts'));
