import { CANCEL_REASON_TEXT, type Booking } from '@saathchalo/shared';

/** Why a cancelled booking was cancelled, in the shared texts; nothing for an open one or old history. */
export const cancelReasonText = (b: Pick<Booking, 'status' | 'cancelReason'>): string | null =>
  b.status === 'CANCELLED' && b.cancelReason ? CANCEL_REASON_TEXT[b.cancelReason] : null;
