/** Texts of the account side (sign-in, links, profile picture) that the specification leaves open. */
export const ACCOUNT_ERR = {
  verifyLinkInvalid: 'This verification link is invalid or has expired.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  refreshTokenRequired: 'Refresh token is required',
  refreshTokenInvalid: 'Invalid or expired refresh token',
  refreshTokenReused:
    'This session has ended because an old refresh token was used again. Please sign in again.',
  tooManyFailedLogins: 'Too many failed sign-in attempts. Please try again later.',
  userNotFound: 'User not found',
  pictureMissing: 'Please choose an image file',
  pictureNotImage: 'Only image files are allowed (JPEG, PNG, WebP or GIF)',
  pictureInvalid: 'The file is not a valid image',
  pictureTooLarge: 'Profile picture must be at most 5 MB',
  pictureTypeMismatch: "The file's contents do not match its type. Please choose the image again.",
  pictureTooManyPixels: (megapixels: number) =>
    `The picture has too many pixels: at most ${megapixels} megapixels for this type of image`,
  pictureIncomplete: 'The upload arrived incomplete or damaged. Please try again.',
  picturesBusy: 'Too many pictures are being uploaded right now. Please try again in a moment.',
} as const;

/** Success messages of the account calls. */
export const ACCOUNT_MSG = {
  registered: 'Registration successful. Please check your email to verify your account.',
  loggedIn: 'Login successful',
  loggedOut: 'Logged out successfully',
  refreshed: 'Token refreshed',
  emailVerified: 'Email verified successfully',
  resetMailSent: 'If an account exists for this email, a password reset link has been sent to it.',
  passwordReset: 'Password has been reset successfully. Please sign in with your new password.',
  profileUpdated: 'Profile updated successfully',
  pictureUpdated: 'Profile picture updated successfully',
  accountDeleted: 'Account deleted successfully',
} as const;
