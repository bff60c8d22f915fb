// The cart feature's public face: the shell, the catalogue and the orders page import only from here.
export { CartButton } from './components/CartButton';
export { CartProvider } from './components/CartProvider';
export { useCart, useCartActions, type CartActions, type CartContextValue } from './hooks/use-cart';
export { useRefreshCart } from './api/refresh-cart';
