import type { Gender } from '@saathchalo/shared';

/** Only a driver whose gender is FEMALE may offer a women-only ride; the server refuses anyone else. */
export const mayOfferWomenOnly = (gender: Gender | null | undefined) => gender === 'FEMALE';

/**
 * The ride body without `womenOnly` when the switch was not shown: a driver who cannot set it sends
 * exactly what a client of sections 1-6 sends.
 */
export function withWomenOnlyIfShown<T extends { womenOnly?: boolean | undefined }>(
  values: T,
  shown: boolean,
): T {
  if (shown) return values;
  const { womenOnly: _omit, ...rest } = values;
  return rest as T;
}
