import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logError } from '../../lib/error-log.ts';

interface Props {
  fallback: ReactNode;
  children: ReactNode;
}

/** Keeps a crashing page from taking the layout down; the error goes to the error log only. */
export class PageErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    logError(error, info.componentStack ?? 'page error boundary');
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
