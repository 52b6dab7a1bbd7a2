export { activityQuery } from './api/activity';
export { ActivityPanel } from './components/activity-panel';
export { LivePresence } from './components/live-presence';
