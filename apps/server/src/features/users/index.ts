// The users feature's public entry: the account rows and their shape, for signing up and in.
export { presentUser } from './user.presenter.js';
export {
  emailTaken,
  findCredentials,
  findUserById,
  insertUser,
  markEmailVerified,
  markPhoneVerified,
  setPasswordHash,
  type UserRecord,
} from './users.repo.js';
