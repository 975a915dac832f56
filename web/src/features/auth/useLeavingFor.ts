/**
 * "On the way to a provider": which provider button sent the browser away (its spinner shows, and
 * further clicks are ignored), or null. Cleared when the page comes back from the back/forward
 * cache (the visitor pressed Back at the provider), so the buttons work again.
 */
import { useEffect, useState } from 'react';
import type { AuthProviderId } from '@studio/site/ssr';

export function useLeavingFor(): [AuthProviderId | null, (id: AuthProviderId | null) => void] {
  const [leavingFor, setLeavingFor] = useState<AuthProviderId | null>(null);
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => event.persisted && setLeavingFor(null);
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
  return [leavingFor, setLeavingFor];
}
