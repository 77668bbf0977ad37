import { MSG } from '@saathchalo/shared';
import { describe, expect, it } from 'vitest';
import { SAFETY_TEXT } from './safety-text';

describe('the safety texts', () => {
  it('say what the shared texts say where they share one', () => {
    expect(SAFETY_TEXT.contactAfterConfirm).toBe(MSG.contactAfterConfirm);
  });
});
