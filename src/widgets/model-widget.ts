// <model-widget>: a glTF model from /models/, animated, with the bind-pose toggle, skeleton
// overlay and weight-paint view. This file only registers the element; the island's code loads
// when it scrolls into view (src/widgets/model-island.ts). Markup:
// src/components/widgets/ModelWidget.astro.
import { defineIslandElement } from './island-manager.ts';

defineIslandElement('model-widget', () => import('./model-island.ts'));
