// The model island: a glTF file from /models/ (the element's data-model), playing the clip named
// by data-clip (else its first clip), with the bind pose toggle, skeleton overlay and weight
// paint. A file that fails to load shows the loader's message (a GltfError names the JSON path).

import type { Island } from './island-manager.ts';
import { SkinView } from './skin-view.ts';

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
    const model = await this.loadModelFile(file);
    if (model === null) return;
    if (model.meshes.length === 0 || model.skins.length === 0) {
      this.fail('error', `The model ${file} has no skinned mesh to show.`);
      return;
    }
    let clipIndex = model.clips.length > 0 ? 0 : -1;
    if (clipName !== '') {
      clipIndex = model.clips.findIndex((clip) => clip.name === clipName);
      if (clipIndex < 0) {
        const names = model.clips.map((clip) => `"${clip.name}"`).join(', ') || 'none';
        this.fail('error', `The model ${file} has no clip named "${clipName}" (its clips: ${names}).`);
        return;
      }
    }
    this.setModel(model, clipIndex);
  }
}

export function mountIsland(host: HTMLElement): Island {
  return new ModelIsland(host);
}
