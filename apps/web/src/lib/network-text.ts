/** CONTRACT section 6: what a screen says when a request or its code never arrived. */
export const NETWORK_ERROR = 'Network error. Please check your connection and try again.';
