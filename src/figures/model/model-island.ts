// The model island: a glTF file from /models/ (the element's data-model), playing the clip named
// by data-clip (else its first clip), with the bind pose toggle, skeleton overlay and weight
// paint, and the weight read-out beside its legend. A file that fails to load shows the loader's
// message (a GltfError names the JSON path).

import type { Island } from '../shared/island-manager.ts';
import { SkinView } from '../shared/skin-view.ts';

class ModelIsland extends SkinView {
  constructor(host: HTMLElement) {
    super(host, { ground: true, yaw: 0.55, pitch: 0.16, autoplay: true });
    void this.load(host.dataset.model ?? '', host.dataset.clip ?? '');
  }

  private async load(file: string, clipName: string): Promise<void> {
    if (file === '') {
      this.fail('error', 'No model was named for this figure (the data-model attribute is empty).');
      return;
    }
    const loaded = await this.loadModelAndClip(file, clipName);
    if (loaded === null) return;
    const { model, clipIndex } = loaded;
    await this.setModel(model, clipIndex);
  }
}

export function mountIsland(host: HTMLElement): Island {
  return new ModelIsland(host);
}
