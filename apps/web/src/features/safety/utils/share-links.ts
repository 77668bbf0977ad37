/** The words that go with a shared trip, in WhatsApp and the system share sheet. */
export const shareMessage = (url: string) => `I'm travelling with SaathChalo. Follow my trip live: ${url}`;

/** A WhatsApp share (no number: the sender picks who gets it). */
export const whatsappShare = (url: string) => `https://wa.me/?text=${encodeURIComponent(shareMessage(url))}`;

/** The link to open in this browser: the server's URL if absolute, else this site's /trip/{token}. */
export function tripUrl(url: string | undefined, token: string, origin: string): string {
  if (url && /^https?:\/\//.test(url)) return url;
  return new URL(url || `/trip/${encodeURIComponent(token)}`, origin).toString();
}
