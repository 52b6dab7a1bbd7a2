import { NotLoggedLayout } from './not-logged-layout';

/**
 * Pages open to everyone (home, FAQ, presets…) use the logged layout for a signed-in
 * traveller and the not-logged one otherwise. Sign-in arrives with the accounts feature;
 * until then every visitor is anonymous.
 */
export function VisitorLayout() {
  return <NotLoggedLayout />;
}
