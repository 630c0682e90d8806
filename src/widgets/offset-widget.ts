// <offset-widget>: the two bones of chapter 4, skinned with global × inverseBind or with one of
// three classic mistakes. This file only registers the element; the island's code loads when it
// scrolls into view (src/widgets/offset-island.ts). Markup: src/components/widgets/OffsetWidget.astro.
import { defineIslandElement } from './island-manager.ts';

defineIslandElement('offset-widget', () => import('./offset-island.ts'));
