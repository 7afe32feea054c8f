import { Alert } from 'antd';
import { unplacedErrors } from '../payment-setup-logic.ts';

/** The messages of a refused save that no field of the form shows, said above it rather than lost. */
export function UnplacedAlert({
  errors,
  shown,
}: {
  errors: Record<string, string> | undefined;
  shown: readonly string[];
}) {
  const messages = unplacedErrors(errors, shown);
  return messages.length > 0 ? (
    <Alert
      type="error"
      showIcon
      title={messages.join(' ')}
      style={{ marginBottom: 16 }}
      data-testid="unplaced-errors"
    />
  ) : null;
}
