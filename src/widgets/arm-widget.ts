// <arm-widget>: the three-bone arm with a slider per joint and the live matrix readout. This file
// only registers the element; the island's code loads when it scrolls into view
// (src/widgets/arm-island.ts). Markup: src/components/widgets/ArmWidget.astro.
import { observeIsland, unobserveIsland } from './island-manager.ts';

class ArmWidgetElement extends HTMLElement {
  connectedCallback(): void {
    observeIsland(this, () => import('./arm-island.ts'));
  }
  disconnectedCallback(): void {
    unobserveIsland(this);
  }
}

if (!customElements.get('arm-widget')) customElements.define('arm-widget', ArmWidgetElement);
