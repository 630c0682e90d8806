// The script of PoseToggle.astro: the bind pose ↔ posed radios ([data-part=pose], values "bind"
// and "animated"). Whether the bind pose shows is SkinView's state; this class passes the reader's
// choice on and checks the radio it is told.

export class PoseToggle {
  /** The group's radios, found once (the markup is the server's and does not change). */
  private readonly radios: HTMLInputElement[];

  /** `choose(showBindPose)` runs when the reader checks a radio. */
  constructor(host: HTMLElement, choose: (showBindPose: boolean) => void) {
    this.radios = Array.from(host.querySelectorAll<HTMLInputElement>('[data-part=pose] input[type=radio]'));
    for (const radio of this.radios) {
      radio.addEventListener('change', () => {
        if (radio.checked) choose(radio.value === 'bind');
      });
    }
  }

  /** True when the "bind" radio is checked (the reader may have chosen it before the figure started). */
  get bindChecked(): boolean {
    return this.radios.some((radio) => radio.checked && radio.value === 'bind');
  }

  /** Checks "bind" when `showBindPose`, else the other radio. */
  show(showBindPose: boolean): void {
    for (const radio of this.radios) radio.checked = (radio.value === 'bind') === showBindPose;
  }
}
