export { useCreateCommute } from './api/create-commute';
export { BookEveryRideDialog, loadBookEveryRideDialog } from './components/commute-dialogs';
export { CommuteMark } from './components/commute-mark';
export { RepeatFields } from './components/repeat-fields';
export { StandingBookings } from './components/standing-bookings';
export { cancelReasonText } from './utils/cancel-reason';
export { commuteLabel, formatDays } from './utils/days';
export {
  noRepeat,
  repeatIssues,
  toCommuteBody,
  type RepeatChoice,
  type RepeatErrors,
} from './utils/repeat-rules';
