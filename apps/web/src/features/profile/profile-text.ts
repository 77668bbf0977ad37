export const PROFILE_TEXT = {
  updated: 'Profile updated successfully!',
  updateFailed: 'Failed to update profile',
  updateFailedRetry: 'Failed to update profile. Please try again.',
  pictureUpdated: 'Profile picture updated successfully',
  pictureFailed: 'Failed to upload profile picture',
  bioPlaceholder: 'Tell others a bit about yourself...',
} as const;
