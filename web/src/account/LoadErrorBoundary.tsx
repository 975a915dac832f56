/**
 * What an account page shows when its data failed to load (its query threw): a danger callout with
 * "Try again", which clears the error and calls `onRetry` (the page fetches afresh with a new fetch
 * key). `title` says what failed; `what` names it in the console warning ("<what> failed to load").
 */
import { Button, Callout } from '@studio/ui';
import { Component, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

export class LoadErrorBoundary extends Component<{ title: ReactNode; what: string; onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn(`${this.props.what} failed to load`, error);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Callout
        tone="danger"
        title={this.props.title}
        action={
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              this.setState({ failed: false });
              this.props.onRetry();
            }}
          >
            <FormattedMessage id="profile.retry" />
          </Button>
        }
      />
    );
  }
}
