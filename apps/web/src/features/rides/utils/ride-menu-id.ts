/** The id of a ride card's menu button, to return focus to it after a dialog or prompt opened from the menu. */
export const rideMenuId = (rideId: string) => `ride-menu-${rideId}`;
