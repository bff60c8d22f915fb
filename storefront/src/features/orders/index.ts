// The orders feature's public face for other features: its query keys (a cart submission invalidates them).
export { orderKeys } from './api/order-keys';
