'use client';
import { useEffect } from 'react';
import { useAppState } from '@/components/shell/app-state';

/**
 * /esri-oauth-callback ([R2.22], [R2.46]): the redirect target of the ArcGIS
 * sign-in popup. Hands the URL hash (or the search string when there is no
 * hash) to the opener, only to this app's own origin, and closes itself;
 * without an opener it just closes.
 */
export default function EsriOauthCallbackPage() {
  const { t } = useAppState();
  useEffect(() => {
    const payload = window.location.hash || window.location.search;
    if (window.opener && !window.opener.closed) {
      try {
        window.opener.postMessage(payload, window.location.origin);
      } catch {
        // The opener navigated elsewhere; nothing to hand over.
      }
    }
    window.close();
  }, []);
  return (
    <p data-testid="oauth-processing" className="p-6 text-center">
      {t('oauth.processing')}
    </p>
  );
}
