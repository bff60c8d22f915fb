import { useEffect, useState } from 'react';

import { isApiError } from '../../../lib/api-client';
import { getOwnProfile, type OwnProfile } from '../api/get-own-profile';

export type OwnProfileState =
  { status: 'loading' } | { status: 'loaded'; profile: OwnProfile } | { status: 'not_found' } | { status: 'error' };

export function useOwnProfile(isEnabled: boolean): OwnProfileState {
  const [state, setState] = useState<OwnProfileState>({ status: 'loading' });

  useEffect(() => {
    if (!isEnabled) return;
    const controller = new AbortController();
    getOwnProfile(controller.signal).then(
      (profile) => setState({ status: 'loaded', profile }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: isApiError(error) && error.status === 404 ? 'not_found' : 'error' });
      },
    );
    return () => controller.abort();
  }, [isEnabled]);

  return state;
}
