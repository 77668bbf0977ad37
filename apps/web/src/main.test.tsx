import { describe, expect, it } from 'vitest';
import { chatLink } from '@saathchalo/shared';

describe('web project', () => {
  it('reads the shared package from source', () => {
    expect(chatLink('98765 43210', 'generic')).toMatch(/^https:\/\/wa\.me\/919876543210\?text=/);
  });
});
