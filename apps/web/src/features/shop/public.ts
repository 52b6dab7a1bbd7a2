export { OrdersSection } from './components/orders-section';
export { ShopAdminSection } from './components/shop-admin-section';
