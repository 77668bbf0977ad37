import { istDate } from '@saathchalo/shared';

/** Today's date in India (YYYY-MM-DD), the earliest a ride can leave. */
export const todayIst = () => istDate(Date.now());
