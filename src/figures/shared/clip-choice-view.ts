// A SkinView that plays one clip under a "Break it" choice whose mistake can carry the mesh out of
// the figure's framing (the row-major and traversal figures). It owns the figure's ChoiceFraming
// (choice-framing.ts) and measures a choice by posing the clip through the island's own
// updatePose, so that what is measured is what the island draws.

import { clipFramingPoses, type Bounds } from './pose-bounds.ts';
import { ChoiceFraming } from './choice-framing.ts';
import { SkinView } from './skin-view.ts';

export abstract class ClipChoiceView extends SkinView {
  /** What the camera frames under each choice; null until startChoiceFraming. */
  private choiceFraming: ChoiceFraming | null = null;

  /** Call once, after setModel: the figure's own framing is the correct result over its poses. */
  protected startChoiceFraming(): void {
    this.choiceFraming = new ChoiceFraming(this.framedBounds!);
  }

  /**
   * Call at the top of updatePose with the choice about to be drawn: frames what it draws when that
   * leaves the figure's framing (measured once per choice and bind pose; otherwise allocates nothing).
   */
  protected frameChoice(choice: string): void {
    const framing = this.choiceFraming?.change(choice, this.showBindPose, this.measureChoice);
    if (framing) this.frameBounds(framing);
  }

  /** Bounds of the clip as the current choice draws it (clipFramingPoses), the island's time and bind pose restored. Set-up work. */
  private readonly measureChoice = (bindPose: boolean): Bounds => {
    const { showBindPose, time } = this;
    const duration = this.model!.clips[this.clipIndex].duration;
    const bounds = this.boundsOfPoses(
      clipFramingPoses(duration, bindPose, (bind, seconds) => {
        this.showBindPose = bind;
        this.time = seconds;
        this.updatePose();
      }),
    );
    this.showBindPose = showBindPose;
    this.time = time;
    return bounds;
  };
}
