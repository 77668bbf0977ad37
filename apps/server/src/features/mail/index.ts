// The mail feature's public entry: what other features use to write a mail into the outbox.
export { dashboardLink, mailLayout, paragraphsMail } from './mail-layout.js';
export { enqueueMail, isDeliverable, notificationInsert, type OutgoingMail } from './outbox.repo.js';
export {
  hammeredAccountMail,
  resetPasswordMail,
  rideCancelledByDeletionMail,
  verificationMail,
} from './templates.js';
