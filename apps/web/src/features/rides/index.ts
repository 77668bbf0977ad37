export { useMyRides } from './api/get-my-rides';
export { useOfferRide } from './api/offer-ride';
export { loadRideActionsMenu } from './components/ride-actions-menu';
export { MyRidesPanel } from './components/my-rides-panel';
export { EditRideDialog, loadRideDialogs, RideDetailsDialog } from './components/ride-dialogs';
export { useRideActions } from './hooks/use-ride-actions';
export { rideMenuId } from './utils/ride-menu-id';
