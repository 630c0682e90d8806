// Finds the parts of an island's server-rendered markup by their data-part attribute (the names
// the Astro components of this folder give them: canvas, status, play, time, pose, joint…).

/** The first element of `host` with data-part="`name`", or null when the markup has none. */
export function part<T extends Element>(host: HTMLElement, name: string): T | null {
  return host.querySelector<T>(`[data-part="${name}"]`);
}
