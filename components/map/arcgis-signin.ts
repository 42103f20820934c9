'use client';
import type { TLayerWire } from '@/lib/wire-types';

/**
 * "ArcGIS sign-in" for a private ArcGIS layer: opens the portal's OAuth
 * authorize page in a popup (implicit grant, redirect to /esri-oauth-callback),
 * which posts the URL hash back to this window; resolves with the access token.
 */
export function arcgisAuthorizeUrl(layer: TLayerWire, origin: string): string | null {
  const s = layer.source?.settings ?? {};
  const clientId = typeof s.clientId === 'string' ? s.clientId : '';
  if (!clientId) return null;
  const portal = (typeof s.portal === 'string' && s.portal ? s.portal : 'https://www.arcgis.com').replace(/\/+$/, '');
  const q = new URLSearchParams({ client_id: clientId, response_type: 'token', expiration: '120', redirect_uri: `${origin}/esri-oauth-callback` });
  return `${portal}/sharing/rest/oauth2/authorize?${q.toString()}`;
}

export function tokenFromCallback(payload: unknown): string | null {
  if (typeof payload !== 'string') return null;
  const params = new URLSearchParams(payload.replace(/^[#?]/, ''));
  return params.get('access_token') || params.get('token');
}

export function signInToArcgis(layer: TLayerWire): Promise<string> {
  const url = arcgisAuthorizeUrl(layer, window.location.origin);
  if (!url) return Promise.reject(new Error('This ArcGIS data source has no OAuth client id (settings.clientId).'));
  const popup = window.open(url, 'esri-oauth', 'width=520,height=640');
  if (!popup) return Promise.reject(new Error('The sign-in popup was blocked.'));
  return new Promise((resolve, reject) => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || e.source !== popup) return;
      cleanup();
      const token = tokenFromCallback(e.data);
      if (token) resolve(token);
      else reject(new Error(new URLSearchParams(String(e.data).replace(/^[#?]/, '')).get('error_description') || 'ArcGIS sign-in failed.'));
    };
    const timer = setInterval(() => {
      if (popup.closed) {
        setTimeout(() => {
          cleanup();
          reject(new Error('ArcGIS sign-in was cancelled.'));
        }, 500);
      }
    }, 500);
    const cleanup = () => {
      clearInterval(timer);
      window.removeEventListener('message', onMessage);
    };
    window.addEventListener('message', onMessage);
  });
}
