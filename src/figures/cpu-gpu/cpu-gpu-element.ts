// <cpu-gpu-figure>: the mannequin of chapter 8, skinned on the GPU or on the CPU, with the largest
// difference between the two. This file only registers the element; the island's code loads when
// it scrolls into view (src/figures/cpu-gpu/cpu-gpu-island.ts). Markup: CpuGpuFigure.astro.
import { defineIslandElement } from '../shared/island-manager.ts';

defineIslandElement('cpu-gpu-figure', () => import('./cpu-gpu-island.ts'));
