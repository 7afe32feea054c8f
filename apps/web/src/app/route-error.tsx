import { Component, type ErrorInfo, type ReactNode } from 'react';
import { i18n } from '../lib/i18n.ts';
import { logError } from '../lib/error-log.ts';
import '../components/plain-page.css';

/** Last-resort boundary for errors thrown while rendering a route or loading its chunk. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    logError(error, info.componentStack ?? 'route error boundary');
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="mf-plain-page" role="alert">
        <h1 className="mf-plain-title">{i18n.t('error.title')}</h1>
        <button type="button" className="mf-plain-button" onClick={() => window.location.reload()}>
          {i18n.t('error.reload')}
        </button>
      </main>
    );
  }
}
