/**
 * The JSON shapes the API answers (SPEC §3, DRF-style snake_case where the
 * original used it). Shared by route handlers, pages and the map so every
 * side agrees on one shape.
 */
export type TAccountWire = { id: number; name: string; slug: string; description: string; admin: number; plan: TPlanWire | null; trial_ends_at: string | null };
export type TPlanWire = { id: number; name: string; slug: string };

export type TWorkspaceWire = {
  id: number;
  name: string;
  description: string;
  admin: number;
  account: number;
  plan: { id: number; name: string } | null;
  editors: number[];
  camera: string; // JSON text: { center: [lng, lat], zoom, bearing, pitch }
  workspacePlugins: string; // JSON text, see lib/workspace-defaults.ts
  mobile: boolean;
  layerCount: number;
  version: number;
  date_modified: string;
  /** The caller's role: admin, editor, viewer or public (share token). */
  role?: 'admin' | 'editor' | 'viewer' | 'public';
};

/** A data source as a map layer needs it: type code and public settings, never credentials. */
export type TLayerSourceWire = {
  id: number;
  name: string;
  type: number | null;
  type_code: string | null;
  settings: Record<string, unknown>;
  /** URL the browser loads data from when the app serves it (uploaded files). */
  data_url: string | null;
  /**
   * {z}/{x}/{y} URL template (?v= data version) of the vector tiles (source layer "features") the app cuts from
   * a GeoJSON upload or URL; the map draws GeoJSON sources from them instead of loading the file.
   */
  tiles_url?: string | null;
  bbox: number[] | null;
  feature_count: number | null;
};

export type TLayerWire = {
  id: number;
  name: string;
  visible: boolean;
  data_source: number | null;
  source: TLayerSourceWire | null;
  template: string; // JSON text: style (paint/layout overrides), opacity, legend …
  layers: TLayerWire[]; // nested layers (groups)
  isGroup: boolean;
  isLoading: boolean;
  error: string | null;
  level: number;
  baselayer: boolean; // name contains "baseLayer"
  opacity: number;
  position: number;
  parent: number | null;
  workspace: number;
  user_groups: number[];
  version: number;
};

export type TDataSourceWire = {
  id: number;
  name: string;
  type: number | null;
  date_modified: string;
  workspaces: { count: number; names: string[] };
  settings: Record<string, unknown>;
  has_credentials: boolean;
  file: { size: number; feature_count: number | null; bbox: number[] | null } | null;
};

export type TUserGroupWire = { id: number; name: string; date_modified: string; account: number; members?: { id: number; username: string; email: string }[] };

export type TInviteWire = { id: number; workspace: { id: number; name: string } };

/** The camera JSON stored on a workspace. */
export type TCamera = { center: [number, number]; zoom: number; bearing: number; pitch: number };
