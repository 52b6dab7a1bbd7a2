export { ContactAdminSection } from './components/contact-admin-section';
