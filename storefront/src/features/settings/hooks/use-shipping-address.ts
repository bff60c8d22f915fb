import type { ShippingAddress } from '@supply-hub/api/contracts';
import { useEffect, useState } from 'react';

import { getShippingAddress } from '../api/get-shipping-address';

export type ShippingAddressState =
  { status: 'loading' } | { status: 'loaded'; address: ShippingAddress | null } | { status: 'error' };

export function useShippingAddress() {
  const [state, setState] = useState<ShippingAddressState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    getShippingAddress(controller.signal).then(
      (address) => setState({ status: 'loaded', address }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, []);

  const setAddress = (address: ShippingAddress) => setState({ status: 'loaded', address });
  return { state, setAddress };
}
