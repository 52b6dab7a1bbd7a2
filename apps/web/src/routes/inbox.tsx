import { InboxPage } from '../features/inbox/components/inbox-page';

/** /inbox: the booking inbox. */
export function Component() {
  return <InboxPage />;
}
