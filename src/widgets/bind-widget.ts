// <bind-widget>: the mannequin of chapter 3, bound in the pose it was modelled in or, under "Break
// it", in another one. This file only registers the element; the island's code loads when it
// scrolls into view (src/widgets/bind-island.ts). Markup: src/components/widgets/BindWidget.astro.
import { defineIslandElement } from './island-manager.ts';

defineIslandElement('bind-widget', () => import('./bind-island.ts'));
