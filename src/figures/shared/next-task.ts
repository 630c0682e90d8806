// A pause until a new task: set-up work split with it leaves the page free to paint and to take
// input between its parts, so that no one task holds the page for long.

/** Resolves in a new task, after whatever the page has queued. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
