import { QueryClientProvider } from '@tanstack/react-query';
import { Component, type ErrorInfo, type ReactNode, useState } from 'react';
import { newQueryClient } from './query-client.ts';
import { Toasts } from './Toasts.tsx';

/** Every screen's root: server-state cache, the one toast outlet, an error boundary. */
export function IslandRoot({ children, toastMs }: { children: ReactNode; toastMs?: number }) {
  const [client] = useState(newQueryClient);
  return (
    <QueryClientProvider client={client}>
      {/* docs/product.md §9: 5 s by default; the client area's toasts and the screens it names take 3 s. */}
      <Toasts duration={toastMs} />
      <ErrorBoundary>{children}</ErrorBoundary>
    </QueryClientProvider>
  );
}

class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="card" style={{ margin: '2rem auto', maxWidth: 520 }}>
        <h2>Something went wrong</h2>
        <p>This screen could not be shown. Reload the page to try again.</p>
        <button type="button" className="btn" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
