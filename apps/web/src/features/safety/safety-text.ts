/**
 * The screens' words for section 9, in one place so tests and screens say the same. The text shared with
 * the server is spelled here (tested equal to MSG.contactAfterConfirm): importing the shared texts would
 * put all of them in the search screen's chunk.
 */
export const SAFETY_TEXT = {
  womenOnly: 'Women only',
  womenOnlyHint: 'Only women passengers can book this ride.',
  womenOnlyFilter: 'Women only rides',
  contactAfterConfirm: 'The phone number is shared once the booking is confirmed',
  emailVerified: 'Email verified',
  phoneVerified: 'Phone verified',
  blocked: 'User blocked',
  unblocked: 'User unblocked',
  reported: 'Report sent. Our safety team will look into it.',
  linkCopied: 'Trip link copied',
} as const;

export const REASON_LABELS = {
  UNSAFE_DRIVING: 'Unsafe driving',
  NO_SHOW: 'Did not show up',
  HARASSMENT: 'Harassment',
  FAKE_PROFILE: 'Fake profile',
  OTHER: 'Something else',
} as const;
