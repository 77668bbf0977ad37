import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../lib/html.js';
import { resetPasswordMail, verificationMail } from './templates.js';

describe('mail templates', () => {
  it('escapes user text in the HTML part and keeps it as written in the text part', () => {
    const mail = verificationMail(
      'https://saathchalo.in',
      { email: 'x@example.in', firstName: '<img src=x onerror=alert(1)>' },
      'tok',
    );
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('Hi &lt;img src=x onerror=alert(1)&gt;,');
    expect(mail.text).toContain('Hi <img src=x onerror=alert(1)>,');
    expect(escapeHtml(`a&b"c'd`)).toBe('a&amp;b&quot;c&#39;d');
  });

  it('links to the app with the token, in text and HTML', () => {
    const verify = verificationMail(
      'https://saathchalo.in',
      { email: 'x@example.in', firstName: 'Asha' },
      'abc-123_X',
    );
    expect(verify).toMatchObject({ to: 'x@example.in', subject: 'Verify your SaathChalo email address' });
    expect(verify.text).toContain('https://saathchalo.in/verify-email?token=abc-123_X');
    expect(verify.html).toContain('href="https://saathchalo.in/verify-email?token=abc-123_X"');
    const reset = resetPasswordMail(
      'https://saathchalo.in',
      { email: 'x@example.in', firstName: 'Asha' },
      'r3set',
    );
    expect(reset.subject).toBe('Reset your SaathChalo password');
    expect(reset.text).toContain('https://saathchalo.in/reset-password?token=r3set');
    expect(reset.text).toContain('valid for 1 hour');
  });
});
