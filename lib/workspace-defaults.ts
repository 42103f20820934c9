/**
 * Plugin defaults of a new workspace (SPEC §3): split panel settings, an
 * elevation widget with one ground profile "AHN3/AHN4" in red, and a BI
 * widget with an empty url.
 */
export const DEFAULT_WORKSPACE_PLUGINS = {
  splitPanel: { enabled: false, mode: 'swipe', left: [] as number[], right: [] as number[] },
  elevationWidget: {
    enabled: true,
    profiles: [
      {
        title: 'AHN3/AHN4',
        color: 'red',
        url: 'https://service.pdok.nl/rws/ahn/wcs/v1_0',
        layer: 'dtm_05m',
      },
    ],
  },
  biWidget: { enabled: false, url: '' },
};

export const DEFAULT_CAMERA = { center: [5.2913, 52.1326] as [number, number], zoom: 7, bearing: 0, pitch: 0 };
