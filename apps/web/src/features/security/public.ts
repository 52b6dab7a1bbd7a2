export { SecurityActivityCard } from './components/security-activity-card';
