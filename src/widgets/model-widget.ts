// <model-widget>: a glTF model from /models/, animated, with the bind-pose toggle, skeleton
// overlay and weight-paint view. This file only registers the element; the island's code loads
// when it scrolls into view (src/widgets/model-island.ts). Markup:
// src/components/widgets/ModelWidget.astro.
import { observeIsland, unobserveIsland } from './island-manager.ts';

class ModelWidgetElement extends HTMLElement {
  connectedCallback(): void {
    observeIsland(this, () => import('./model-island.ts'));
  }
  disconnectedCallback(): void {
    unobserveIsland(this);
  }
}

if (!customElements.get('model-widget')) customElements.define('model-widget', ModelWidgetElement);
