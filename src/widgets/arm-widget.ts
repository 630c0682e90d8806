// <arm-widget>: the three-bone arm with a slider per joint and the live matrix readout. This file
// only registers the element; the island's code loads when it scrolls into view
// (src/widgets/arm-island.ts). Markup: src/components/widgets/ArmWidget.astro.
import { defineIslandElement } from './island-manager.ts';

defineIslandElement('arm-widget', () => import('./arm-island.ts'));
