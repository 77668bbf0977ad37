import { COUNTRY_CODE } from './constants.js';

export const INDIAN_MOBILE_RE = /^[6-9]\d{9}$/;

/**
 * The 10 digits of an Indian mobile number as people type it: spaces, hyphens, dots and brackets dropped,
 * and a country code (`+91`, `91`, `0091`) or trunk `0` before the 10 digits removed. Anything else is
 * returned without its separators, for validation to refuse with the specification's text.
 */
export function normalizeIndianMobile(typed: string): string {
  const compact = typed.replace(/[\s\-.()]/g, '');
  const m = /^(?:\+91|0091|91|0)(\d{10})$/.exec(compact);
  return m ? m[1]! : compact;
}

/** Digits only; a bare 10-digit number gets the country code, as the chat app expects. */
export function chatPhone(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length === 10 ? `${COUNTRY_CODE}${digits}` : digits;
}

type ChatRole = 'driver' | 'passenger' | 'generic';

interface ChatContext {
  name?: string | null;
  from?: string | null;
  to?: string | null;
  date?: string | null;
}

export function chatMessage(role: ChatRole, ctx: ChatContext = {}): string {
  const who = ctx.name ? ` ${ctx.name}` : '';
  const trip = ctx.from && ctx.to ? ` from ${ctx.from} to ${ctx.to}${ctx.date ? ` on ${ctx.date}` : ''}` : '';
  switch (role) {
    case 'driver':
      return `Hi${who}, I'm contacting you about your SaathChalo ride${trip}.`;
    case 'passenger':
      return `Hi${who}, this is your SaathChalo driver for the ride${trip}.`;
    default:
      return `Hi${who}, I'm contacting you through SaathChalo.`;
  }
}

/** A WhatsApp link to the other party with a prefilled message. */
export function chatLink(phone: string | null | undefined, role: ChatRole, ctx: ChatContext = {}): string {
  return `https://wa.me/${chatPhone(phone)}?text=${encodeURIComponent(chatMessage(role, ctx))}`;
}
