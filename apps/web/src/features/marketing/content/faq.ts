/** Help centre questions by category (specification section 2: general, booking, payment, safety, account). */
export const HELP_CATEGORIES = [
  { id: 'general', label: 'General' },
  { id: 'booking', label: 'Booking' },
  { id: 'payment', label: 'Payment' },
  { id: 'safety', label: 'Safety' },
  { id: 'account', label: 'Account' },
] as const;

export type HelpCategory = (typeof HELP_CATEGORIES)[number]['id'];

export interface Faq {
  q: string;
  a: string;
}

// Fees, refund and payout times are page copy only (specification section 9), not enforced anywhere.
export const HELP_FAQS: Record<HelpCategory, Faq[]> = {
  general: [
    { q: 'What is SaathChalo?', a: 'SaathChalo is a carpooling service for commuters in India. Drivers share the empty seats in their car and passengers book them, so everyone splits the cost of the trip.' },
    { q: 'Which cities is SaathChalo available in?', a: 'SaathChalo is used in 50+ cities across India, from metros like Mumbai, Delhi and Bengaluru to smaller towns on popular commuter routes.' },
    { q: 'Can I be both a driver and a passenger?', a: 'Yes. One account can offer rides as a driver and book seats as a passenger.' },
    { q: 'How much can I save?', a: 'Commuters who share rides regularly save up to 70% of what they would spend travelling alone.' },
  ],
  booking: [
    { q: 'How do I book a ride?', a: 'Go to Find Ride, enter where you start, where you are going, the date and the number of passengers, then choose Book Ride on a ride that suits you.' },
    { q: 'Can I cancel a booking?', a: 'Yes, you can cancel a pending or confirmed booking from My Bookings on your dashboard, up to 2 hours before departure.' },
    { q: 'Is there a cancellation fee?', a: 'Cancelling more than 24 hours ahead is free. Cancelling 2 to 24 hours before departure costs a fee of ₹50, and a last-minute cancellation costs ₹100.' },
    { q: 'How do I contact my driver?', a: 'Use Message Driver on the ride or Contact Driver on your booking. It opens a chat with the driver using their phone number.' },
  ],
  payment: [
    { q: 'How do I pay for a ride?', a: 'You pay the price per seat shown on the ride for each seat you book. The total amount is shown before you book.' },
    { q: 'When will I get my refund?', a: 'Refunds for cancelled bookings are processed within 24 hours.' },
    { q: 'When do drivers receive their payout?', a: 'Drivers receive their payout within 24 hours after the ride is completed.' },
  ],
  safety: [
    { q: 'Are members verified?', a: 'Yes. Members verify their ID, and verification usually takes 24 to 48 hours.' },
    { q: 'Can my family follow my trip?', a: 'Yes. GPS tracking lets you share your live location with family and friends during the ride.' },
    { q: 'What do I do in an emergency?', a: 'Call our 24/7 safety line at any time, day or night. In immediate danger, call 112 first.' },
    { q: 'How do ratings help safety?', a: 'After every completed ride, drivers and passengers rate each other, so you can see how others rated a member before you travel.' },
  ],
  account: [
    { q: 'How do I verify my e-mail address?', a: 'After you sign up we send you an e-mail with a verification link. Open the link to verify your address.' },
    { q: 'I forgot my password. What do I do?', a: 'Choose Forgot password on the sign-in screen and enter your e-mail address. We will send you a link to reset your password.' },
    { q: 'How do I update my profile?', a: 'Open Profile, choose Edit Profile, change your name, phone, location or about me, and save.' },
    { q: 'How do I delete my account?', a: 'Open Profile and use Delete Account in the Danger Zone. Once you delete your account, there is no going back.' },
  ],
};
