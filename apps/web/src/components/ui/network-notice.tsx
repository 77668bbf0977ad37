import { NETWORK_ERROR } from '@saathchalo/shared';

/**
 * The network message where a prompt or dialog could not open because its code did not arrive. Drawn
 * with no code of its own to fetch, so it shows on the connection that failed; the action is tried again
 * by tapping it. Screens show it through useNetworkNotice (confirm.tsx), never by importing it: a module
 * of the first view that a screen's chunk also imports makes the bundler split the first view into more
 * requests and bytes.
 */
export function NetworkNotice({ onClose }: { onClose(): void }) {
  return (
    <div
      role="alert"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md items-start justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 shadow-lg"
    >
      <p>{NETWORK_ERROR}</p>
      <button
        type="button"
        className="-my-1 shrink-0 rounded px-2 py-1 font-medium underline hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-700"
        onClick={onClose}
      >
        Close
      </button>
    </div>
  );
}
