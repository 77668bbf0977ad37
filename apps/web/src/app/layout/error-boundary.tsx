import { Component, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Catches a screen that fails to load (for example its chunk on a dropped connection). */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="mx-auto max-w-md p-6 text-center">
        <h1 className="text-xl font-semibold">Something went wrong</h1>
        <p className="mt-2 text-slate-700">Network error. Please check your connection and try again.</p>
        <div className="mt-4 flex justify-center gap-3">
          <button type="button" className="rounded-lg bg-blue-700 px-4 py-2 text-white" onClick={() => window.location.reload()}>
            Try again
          </button>
          <Link className="rounded-lg border border-slate-300 px-4 py-2" to={paths.home}>
            Home
          </Link>
        </div>
      </div>
    );
  }
}
