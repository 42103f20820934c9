import Script from 'next/script';

/** Page tracking ([R1.04]): loaded only when the site record configures it (Plausible or Matomo). */
export function Analytics({ config, nonce }: { config: { kind: string; url: string; site: string }; nonce?: string }) {
  if (config.kind === 'plausible') {
    return <Script src={config.url} data-domain={config.site} strategy="afterInteractive" nonce={nonce} />;
  }
  if (config.kind === 'matomo') {
    const base = config.url.replace(/\/?$/, '/');
    return (
      <Script id="matomo" strategy="afterInteractive" nonce={nonce}>
        {`var _paq=window._paq=window._paq||[];_paq.push(['trackPageView']);_paq.push(['enableLinkTracking']);(function(){var u=${JSON.stringify(base)};_paq.push(['setTrackerUrl',u+'matomo.php']);_paq.push(['setSiteId',${JSON.stringify(config.site)}]);var g=document.createElement('script');g.async=true;g.src=u+'matomo.js';document.head.appendChild(g);})();`}
      </Script>
    );
  }
  return null;
}
