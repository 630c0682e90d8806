// The script of ChoiceGroup.astro: which radio of a "Break it" (or any variant) group the reader
// checks. What a choice does is the island's business.

/**
 * Calls `choose` with the value of the radio newly checked in the group [data-part=`part`] of
 * `host`, and returns the value checked now (a reload may restore another choice than the first),
 * or null when the group has none checked.
 */
export function watchChoiceGroup(host: HTMLElement, part: string, choose: (value: string) => void): string | null {
  let checked: string | null = null;
  for (const radio of host.querySelectorAll<HTMLInputElement>(`[data-part=${part}] input[type=radio]`)) {
    if (radio.checked) checked = radio.value;
    radio.addEventListener('change', () => {
      if (radio.checked) choose(radio.value);
    });
  }
  return checked;
}
