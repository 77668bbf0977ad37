/**
 * `contract.<call>`: a namespace, so a bundle that names three calls keeps three (each entry is a pure
 * definition and its schemas go with it), and the first view carries no schema it does not send.
 */
export * as contract from './calls.js';
export * from './define.js';
