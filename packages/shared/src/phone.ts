import { COUNTRY_CODE } from './constants.js';

export const INDIAN_MOBILE_RE = /^[6-9]\d{9}$/;

/** Digits only; a bare 10-digit number gets the country code, as the chat app expects. */
export function chatPhone(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length === 10 ? `${COUNTRY_CODE}${digits}` : digits;
}

export type ChatRole = 'driver' | 'passenger' | 'generic';

export interface ChatContext {
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
