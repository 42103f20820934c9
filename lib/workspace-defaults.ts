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
        // The spec's ground profile. Heights are sampled from raster-DEM tiles in Terrarium
        // encoding; point `url` at an AHN-derived tileset for Dutch detail (README, Map).
        title: 'AHN3/AHN4',
        color: 'red',
        url: 'https://s3.amazonaws.com/elevation-tiles-prod/terrarium/{z}/{x}/{y}.png',
        encoding: 'terrarium' as const,
        zoom: 12,
      },
    ],
  },
  biWidget: { enabled: false, url: '' },
};

export const DEFAULT_CAMERA = { center: [5.2913, 52.1326] as [number, number], zoom: 7, bearing: 0, pitch: 0 };
