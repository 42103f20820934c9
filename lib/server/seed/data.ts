import 'server-only';
import { DEFAULT_CAMERA, DEFAULT_WORKSPACE_PLUGINS } from '@/lib/workspace-defaults';

/** Plans: a 30-day free trial ([R1.02]) and two paid ones. */
export const PLANS = [
  {
    slug: 'trial',
    name: 'Free trial',
    trialDays: 30,
    priceCents: 0,
    isDefault: true,
    features: ['All data connections', 'Accounts', 'Workspaces', 'Teams'],
  },
  {
    slug: 'professional',
    name: 'Professional',
    trialDays: null,
    priceCents: 4900,
    isDefault: false,
    features: ['All data connections', 'Accounts', 'Workspaces', 'Teams', 'Support', 'File sharing'],
  },
  {
    slug: 'enterprise',
    name: 'Enterprise',
    trialDays: null,
    priceCents: 19900,
    isDefault: false,
    features: ['All data connections', 'Accounts', 'Workspaces', 'Teams', 'Support', 'File sharing', 'Consultants'],
  },
];

/** The data source types the product speaks (GET /api/datasourcetypes). */
export const DATASOURCE_TYPES = [
  { code: 'wms', name: 'WMS', description: 'OGC Web Map Service (GetMap, GetFeatureInfo, GetLegendGraphic)' },
  { code: 'wmts', name: 'WMTS', description: 'OGC Web Map Tile Service' },
  { code: 'xyz', name: 'XYZ / TMS tiles', description: 'Raster tiles from a {z}/{x}/{y} URL template' },
  { code: 'vectortiles', name: 'Vector tiles', description: 'Mapbox Vector Tiles from a URL template or a PMTiles file' },
  { code: 'geojson', name: 'GeoJSON', description: 'GeoJSON from a URL or an uploaded file' },
  { code: 'wfs', name: 'WFS', description: 'OGC Web Feature Service (GeoJSON output)' },
  { code: 'arcgis', name: 'ArcGIS MapServer / FeatureServer', description: 'Esri ArcGIS REST services' },
  { code: '3dtiles', name: '3D Tiles', description: 'OGC 3D Tiles tileset' },
];

type TDemoLayer = { name: string; source: string; visible: boolean; template?: Record<string, unknown>; restricted?: boolean };
type TDemoWorkspace = { name: string; description: string; camera: object; layers: TDemoLayer[] };

export const DEMO = {
  username: 'demo',
  email: 'demo@mapspace.local',
  password: 'Mapspace-demo-2026',
  account: { name: 'Demo account', slug: 'demo-account', description: 'Sample workspaces to explore the product' },
  group: 'Field team',
  plugins: DEFAULT_WORKSPACE_PLUGINS,
  dataSources: <{ name: string; type: string; settings: Record<string, unknown> }[]>[
    {
      name: 'OpenStreetMap baseLayer',
      type: 'xyz',
      settings: { url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors', maxzoom: 19 },
    },
    {
      name: 'PDOK aerial photo',
      type: 'wmts',
      settings: {
        url: 'https://service.pdok.nl/hwh/luchtfotorgb/wmts/v1_0/Actueel_orthoHR/EPSG:3857/{z}/{x}/{y}.jpeg',
        layer: 'Actueel_orthoHR',
        attribution: 'PDOK',
      },
    },
    {
      name: 'PDOK cadastral parcels',
      type: 'wms',
      settings: { url: 'https://service.pdok.nl/kadaster/kadastralekaart/wms/v5_0', layers: 'Perceel', format: 'image/png', transparent: true, version: '1.3.0' },
    },
    {
      name: 'Dutch provinces',
      type: 'geojson',
      settings: { url: '/samples/provinces.geojson' },
    },
  ],
  workspaces: <TDemoWorkspace[]>[
    {
      name: 'Netherlands overview',
      description: 'Base map, aerial photo and provinces',
      camera: DEFAULT_CAMERA,
      layers: [
        { name: 'OpenStreetMap baseLayer', source: 'OpenStreetMap baseLayer', visible: true },
        { name: 'Aerial photo', source: 'PDOK aerial photo', visible: false },
        { name: 'Provinces', source: 'Dutch provinces', visible: true, template: { fill: '#f76430', opacity: 0.25 } },
      ],
    },
    {
      name: 'Cadastre',
      description: 'Cadastral parcels over the base map',
      camera: { center: [4.8897, 52.374], zoom: 16, bearing: 0, pitch: 0 },
      layers: [
        { name: 'OpenStreetMap baseLayer', source: 'OpenStreetMap baseLayer', visible: true },
        { name: 'Parcels', source: 'PDOK cadastral parcels', visible: true },
        { name: 'Field notes (team only)', source: 'Dutch provinces', visible: false, restricted: true },
      ],
    },
    {
      name: 'Terrain study',
      description: 'Elevation profile over the provinces',
      camera: { center: [5.9, 50.85], zoom: 10, bearing: 20, pitch: 45 },
      layers: [
        { name: 'OpenStreetMap baseLayer', source: 'OpenStreetMap baseLayer', visible: true },
        { name: 'Provinces', source: 'Dutch provinces', visible: true },
      ],
    },
  ],
};
