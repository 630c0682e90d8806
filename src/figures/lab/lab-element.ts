// <model-lab>: the model lab's view. This file only registers the element; the island's code (the
// core, WebGL, the report) loads when it comes into view (src/figures/lab/lab-island.ts), and the
// worker it starts loads only when a model is opened. Markup: src/figures/lab/LabFigure.astro.
import { defineIslandElement } from '../shared/island-manager.ts';

defineIslandElement('model-lab', () => import('./lab-island.ts'));
