import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Back from the supplier's PunchOut shop: the portal sends the browser to
 * /catalog?supplier_cart=N. The cart opens with a word on what came back, and the address is tidied.
 */
export function useSupplierCartReturn(onReturn: (itemCount: number) => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  const returned = new URLSearchParams(location.search).get('supplier_cart');
  useEffect(() => {
    if (returned === null || !/^\d{1,3}$/.test(returned)) return;
    const params = new URLSearchParams(location.search);
    params.delete('supplier_cart');
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    onReturn(Number(returned));
  }, [returned, location.pathname, location.search, navigate, onReturn]);
}
