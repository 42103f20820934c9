'use client';
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { PMTILES_PROTOCOL, pmtilesProtocol } from './pmtiles';

/**
 * The one place MapLibre GL is imported. Only the workspace pages reach this
 * module (through next/dynamic in workspace-map-loader.tsx), so no other page
 * carries the map library. The worker file is emitted as a static asset by
 * the bundler and handed to MapLibre explicitly, because the library's own
 * guess (next to its module URL) does not survive bundling.
 */
const workerUrl = new URL('../../node_modules/maplibre-gl/dist/maplibre-gl-worker.mjs', import.meta.url);
maplibregl.setWorkerUrl(workerUrl.toString());
// Start the worker (fetch + compile of its script) while the page renders, not when the map is
// created, and keep it for the next workspace opened in this tab.
maplibregl.prewarm();
maplibregl.addProtocol(PMTILES_PROTOCOL, pmtilesProtocol as never);

export const EMPTY_STYLE = {
  version: 8 as const,
  sources: {},
  layers: [{ id: 'background', type: 'background' as const, paint: { 'background-color': '#eef0f2' } }],
};

export { maplibregl };
