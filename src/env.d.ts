declare namespace App {
  interface Locals {
    /**
     * Set by a page whose figure opens on screen (the home page, a figure's own page): IslandStage
     * loads its poster at once and at high priority, as the page's largest paint, not lazily.
     */
    eagerPosters?: boolean;
  }
}
