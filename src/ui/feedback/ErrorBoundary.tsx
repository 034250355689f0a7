import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** One per island: a crash in a screen shows a message instead of blanking the page. */
export class ErrorBoundary extends Component<{ children: ReactNode; label: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${this.props.label} crashed`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="m-4 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
        <p className="font-semibold">The {this.props.label} screen hit a problem and stopped.</p>
        <p className="mt-1">
          Your saved data is safe in this browser. Reload the page to try again.
        </p>
      </div>
    );
  }
}
