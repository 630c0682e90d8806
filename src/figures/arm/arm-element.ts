// <arm-figure>: the three-bone arm with a slider per joint and the live matrix readout. This file
// only registers the element; the island's code loads when it scrolls into view
// (src/figures/arm/arm-island.ts). Markup: src/figures/arm/ArmFigure.astro.
import { defineIslandElement } from '../shared/island-manager.ts';

defineIslandElement('arm-figure', () => import('./arm-island.ts'));
